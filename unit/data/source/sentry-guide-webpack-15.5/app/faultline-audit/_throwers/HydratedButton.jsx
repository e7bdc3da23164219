// @ts-nocheck
/* eslint-disable */
"use client";
import { useHydrated } from "./useHydrated";
export function HydratedButton(props) {
  const hydrated = useHydrated();
  return <button type="button" {...props} disabled={!hydrated || props.disabled} />;
}
