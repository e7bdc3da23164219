import { throwingRouteHandler } from '@/fixtures/throwers/server';

export const runtime = 'edge';
export const GET = throwingRouteHandler('edge-route-handler-throws');
