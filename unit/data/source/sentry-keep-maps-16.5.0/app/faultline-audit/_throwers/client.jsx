// @ts-nocheck
/* eslint-disable */
"use client";
import { use, useActionState, useEffect, useState } from "react";
import { signallingFormAction, throwingAction, throwingFormAction, throwingStateAction } from "./actions";
import { HydratedButton } from "./HydratedButton";
import { secretMessage } from "./secret";
import { useHydrated } from "./useHydrated";
function Status({ children }) {
  return <p role="status">{children}</p>;
}
export function ThrowsOnServerOnly({ id }) {
  if (typeof window === "undefined") throw new Error(secretMessage(id));
  return <Status>Rendered in the browser</Status>;
}
export function ThrowsEverywhere({ id }) {
  throw new Error(secretMessage(id));
}
export { ThrowsInEffect, ThrowsInRenderAfterClick } from "./client-throwers";
export function ThrowsInEventHandler({ id }) {
  const [clicked, setClicked] = useState(false);
  return <>
      <HydratedButton
    onClick={() => {
      setClicked(true);
      throw new Error(secretMessage(id));
    }}
  >
        Throw in handler
      </HydratedButton>
      <Status>{clicked ? "Handler ran" : "Waiting for click"}</Status>
    </>;
}
export function HydrationMismatch() {
  const hydrated = useHydrated();
  const rendered = typeof window === "undefined" ? "server" : "browser";
  return <>
      <p>Rendered on the {rendered}</p>
      <Status>{hydrated ? "Hydrated" : "Not hydrated"}</Status>
    </>;
}
export function RejectsUnhandled({ id }) {
  const [raised, setRaised] = useState(false);
  useEffect(() => {
    void Promise.reject(new Error(secretMessage(id)));
    setRaised(true);
  }, [id]);
  return <Status>{raised ? "Rejection raised" : "Waiting"}</Status>;
}
export function ActionInClickHandler({ id }) {
  const [state, setState] = useState("Waiting for click");
  useEffect(() => {
    const raised = () => setState("Action rejected");
    window.addEventListener("unhandledrejection", raised);
    return () => window.removeEventListener("unhandledrejection", raised);
  }, []);
  return <>
      <HydratedButton
    onClick={async () => {
      setState("Action called");
      await throwingAction(id);
    }}
  >
        Call action
      </HydratedButton>
      <Status>{state}</Status>
    </>;
}
export function ActionForm({ id }) {
  return <form action={throwingFormAction.bind(null, id)}>
      <HydratedButton type="submit">Submit</HydratedButton>
    </form>;
}
export function SignalActionForm({ signal }) {
  return <form action={signallingFormAction.bind(null, signal)}>
      <HydratedButton type="submit">Submit</HydratedButton>
    </form>;
}
export function ActionStateForm({ id }) {
  const [state, action] = useActionState(throwingStateAction.bind(null, id), "Not submitted");
  return <form action={action}>
      <HydratedButton type="submit">Submit</HydratedButton>
      <Status>{state}</Status>
    </form>;
}
export function ReadsPromise({ data }) {
  return <Status>{use(data)}</Status>;
}
let causeGone = false;
export function removeCause() {
  causeGone = true;
}
export function FailsUntilCauseGone({ id }) {
  const hydrated = useHydrated();
  if (hydrated && !causeGone) throw new Error(secretMessage(id));
  return <Status>{hydrated ? "Recovered" : "Loading"}</Status>;
}
