import { streamFailingRouteHandler } from '@/bundled/streamed';

export const GET = streamFailingRouteHandler('route-handler-stream-errors');
