// @ts-nocheck
/* eslint-disable */
"use client";
import { useEffect, useState } from "react";
import { HydratedButton } from "./HydratedButton";
import { secretMessage } from "./secret";
export function ThrowsInEffect({ id }) {
  useEffect(() => {
    throw new Error(secretMessage(id));
  }, [id]);
  return <p role="status">Effect pending</p>;
}
export function ThrowsInRenderAfterClick({ id }) {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error(secretMessage(id));
  return <HydratedButton onClick={() => setBroken(true)}>Break the page</HydratedButton>;
}
