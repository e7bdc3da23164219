import { throwingRouteHandler } from '@/bundled/server';

export const runtime = 'edge';
export const GET = throwingRouteHandler('edge-route-handler-throws');
