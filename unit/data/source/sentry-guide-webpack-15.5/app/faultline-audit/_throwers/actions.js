// @ts-nocheck
/* eslint-disable */
"use server";
import { forbidden, notFound, redirect } from "next/navigation";
import { secretMessage } from "./secret";
export async function throwingFormAction(scenarioId, _form) {
  throw new Error(secretMessage(scenarioId));
}
export async function throwingAction(scenarioId) {
  throw new Error(secretMessage(scenarioId));
}
export async function signallingFormAction(signal, _form) {
  if (signal === "redirect") redirect("/scenarios/healthy");
  if (signal === "notFound") notFound();
  forbidden();
}
export async function throwingStateAction(scenarioId, _previous, _form) {
  throw new Error(secretMessage(scenarioId));
}
