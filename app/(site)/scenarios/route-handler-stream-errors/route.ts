import { streamFailingRouteHandler } from '@/bundled/streamed';

export const dynamic = 'force-dynamic';
export const GET = streamFailingRouteHandler('route-handler-stream-errors');
