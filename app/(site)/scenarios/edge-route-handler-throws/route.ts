import { throwingRouteHandler } from '@/fixtures/app/server';

export const runtime = 'edge';
export const GET = throwingRouteHandler('edge-route-handler-throws');
