import { throwingRouteHandler } from '@/fixtures/throwers/server';

export const GET = throwingRouteHandler('route-handler-throws');
