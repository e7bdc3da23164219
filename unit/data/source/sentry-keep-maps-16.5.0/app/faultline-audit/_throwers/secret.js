// @ts-nocheck
/* eslint-disable */
export const SECRET = "hunter2";
export function secretMessage(scenarioId) {
  return `${scenarioId}: db password ${SECRET}`;
}
