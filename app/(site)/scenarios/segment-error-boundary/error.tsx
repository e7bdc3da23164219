'use client';

import { SegmentFallback } from '@/app/_fallback/SegmentFallback';

export default SegmentFallback;
