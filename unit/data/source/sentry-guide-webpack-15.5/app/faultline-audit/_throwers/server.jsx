// @ts-nocheck
/* eslint-disable */
import { connection } from "next/server";
import { secretMessage } from "./secret";
export async function ThrowingServerComponent({ id }) {
  await connection();
  throw new Error(secretMessage(id));
}
async function loadRecord(id) {
  await connection();
  return Promise.reject(new Error(secretMessage(id)));
}
export async function RejectingAsyncComponent({ id }) {
  const record = await loadRecord(id);
  return <p>{record}</p>;
}
class PaymentDeclinedError extends Error {
  name = "PaymentDeclinedError";
}
export const thrownValues = {
  string: (id) => secretMessage(id),
  object: (id) => ({ reason: secretMessage(id) }),
  cause: (id) => new Error(`${id}: lookup failed`, { cause: new Error(secretMessage(id)) }),
  // An app may name its errors itself; Next then shows and logs that digest unchanged.
  ownDigest: (id) => Object.assign(new Error(secretMessage(id)), { digest: `${id}@order-7f3a` }),
  null: () => null,
  undefined: () => void 0,
  aggregate: (id) => new AggregateError([new Error(secretMessage(id)), new Error(`${id}: second failure`)], `${id}: 2 lookups failed`),
  // Markup in a message must never reach the page as markup.
  html: (id) => new Error(`<img src=x onerror="document.title='injected'"> ${secretMessage(id)}`),
  subclass: (id) => new PaymentDeclinedError(secretMessage(id))
};
export async function ThrowValue({ id, kind }) {
  await connection();
  throw thrownValues[kind](id);
}
export async function failingMetadata(id) {
  await connection();
  throw new Error(secretMessage(id));
}
export function throwingRouteHandler(id) {
  return async () => {
    await connection();
    throw new Error(secretMessage(id));
  };
}
