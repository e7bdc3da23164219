import { streamFailingRouteHandler } from '@/fixtures/throwers/server';

export const dynamic = 'force-dynamic';
export const GET = streamFailingRouteHandler('route-handler-stream-errors');
