'use client';

import { SegmentFallback } from '@/fixtures/app/SegmentFallback';

export default SegmentFallback;
