import { streamFailingRouteHandler } from '@/fixtures/app/streamed';

export const dynamic = 'force-dynamic';
export const GET = streamFailingRouteHandler('route-handler-stream-errors');
