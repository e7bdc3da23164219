import { streamFailingRouteHandler } from '@/fixtures/app/server';

export const dynamic = 'force-dynamic';
export const GET = streamFailingRouteHandler('route-handler-stream-errors');
