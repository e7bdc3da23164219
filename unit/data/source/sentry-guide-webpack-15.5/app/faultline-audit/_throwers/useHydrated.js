// @ts-nocheck
/* eslint-disable */
"use client";
import { useSyncExternalStore } from "react";
const noSubscription = () => () => {
};
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false
  );
}
