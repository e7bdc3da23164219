/**
 * Excerpts of the log `next start` 16.4.5 printed under an audit of four workers, where entries'
 * errors stand side by side: an error Next prints without `⨯` follows another's.
 */

/** A regeneration's error (no `⨯`, its own digest) right after the Edge page's, then the Edge route handler's. */
export const REGENERATION_AFTER_EDGE_PAGE = [
  '⨯ Error: edge-page-throws: db password hunter2',
  '    at k (.next/server/edge/chunks/ssr/_1nsyoik2y70m3._.js:4:916) {',
  "  digest: '2754453430'",
  '}',
  'faultline-delivered {"path":"/faultline-audit/edge-page-throws","routeType":"render"}',
  'Error: isr-regeneration-throws: db password hunter2',
  '    at <unknown> (.next/server/chunks/ssr/[root-of-the-server]__1b0f18xadhl-v._.js:2:1732) {',
  "  digest: '3793833570'",
  '}',
  'faultline-delivered {"path":"/faultline-audit/edge-route-handler-throws","routeType":"route"}',
  '⨯ Error: edge-route-handler-throws: db password hunter2',
  '    at <unknown> (.next/server/edge/chunks/_0n71tcfdxkbi7._.js:1:248)',
].join('\n');

/** A thrown value's error (the app's own Error class), then the proxy's (no `⨯`, no digest) and a warning of Node's. */
export const PROXY_AFTER_THROWN_VALUE = [
  '⨯ Error [PaymentDeclinedError]: throws-error-subclass: db password hunter2',
  '    at Object.subclass (.next/server/chunks/ssr/[root-of-the-server]__02kaide_se4ou._.js:2:2497) {',
  "  digest: '2217012090'",
  '}',
  'faultline-delivered {"path":"/faultline-audit/throws-error-subclass","routeType":"render"}',
  'Error: proxy-throws: db password hunter2',
  '    at <unknown> (.next/server/chunks/[root-of-the-server]__1u5tzppn0qze7._.js:9:73421)',
  '(node:31579) MaxListenersExceededWarning: Possible EventEmitter memory leak detected.',
].join('\n');

/** `next start` 16.4.5 on a port something else listens on: all it prints before it exits with code 1. */
export const START_ON_A_TAKEN_PORT = [
  '⨯ Failed to start server',
  'Error: listen EADDRINUSE: address already in use 127.0.0.1:23456',
  '    at ignore-listed frames {',
  "  code: 'EADDRINUSE',",
  '  errno: -98,',
  "  syscall: 'listen',",
  "  address: '127.0.0.1',",
  '  port: 23456',
  '}',
  '',
].join('\n');
