import { parseCatalogue } from './schema';
import { entries as serverComponent } from './entries/server-component';
import { entries as thrownValue } from './entries/thrown-value';
import { entries as clientComponent } from './entries/client-component';
import { entries as serverAction } from './entries/server-action';
import { entries as navigation } from './entries/navigation';
import { entries as routeHandler } from './entries/route-handler';
import { entries as proxy } from './entries/proxy';
import { entries as routingSignal } from './entries/routing-signal';
import { entries as errorBoundary } from './entries/error-boundary';
import { entries as afterResponse } from './entries/after-response';
import { entries as streamedData } from './entries/streamed-data';
import { entries as metadataRoute } from './entries/metadata-route';
import { entries as staticIsr } from './entries/static-isr';
import { entries as cachedData } from './entries/cached-data';
import { entries as edgeRuntime } from './entries/edge-runtime';
import { entries as pagesRouter } from './entries/pages-router';
import { entries as noJavascript } from './entries/no-javascript';
import { entries as control } from './entries/control';

export { THROWN_SECRET, thrownMessage } from './entries/shared';

/**
 * Every way the reference app fails, with what a user sees: one file per failure class in
 * `entries/`, in this order. Pinned against Next.js 16.4.5 production builds, and observed alike on 16.5.0
 * (other versions as `overrides`); `note` says why where the outcome surprises.
 */
export const catalogue = parseCatalogue([
  ...serverComponent,
  ...thrownValue,
  ...clientComponent,
  ...serverAction,
  ...navigation,
  ...routeHandler,
  ...proxy,
  ...routingSignal,
  ...errorBoundary,
  ...afterResponse,
  ...streamedData,
  ...metadataRoute,
  ...staticIsr,
  ...cachedData,
  ...edgeRuntime,
  ...pagesRouter,
  ...noJavascript,
  ...control,
]);

export function findScenario(id: string) {
  return catalogue.find((scenario) => scenario.id === id);
}
