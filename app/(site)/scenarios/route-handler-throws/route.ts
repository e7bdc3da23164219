import { throwingRouteHandler } from '@/bundled/server';

export const GET = throwingRouteHandler('route-handler-throws');
