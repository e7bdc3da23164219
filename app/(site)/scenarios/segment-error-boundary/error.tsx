'use client';

import { SegmentFallback } from '@/bundled/SegmentFallback';

export default SegmentFallback;
