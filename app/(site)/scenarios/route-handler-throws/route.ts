import { throwingRouteHandler } from '@/fixtures/app/server';

export const GET = throwingRouteHandler('route-handler-throws');
