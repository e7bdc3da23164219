'use client';

/** A boundary that fails itself: the error goes on to the next boundary up, the global one. */
export default function BrokenBoundary(): never {
  throw new Error('error-boundary-throws: the error boundary itself failed');
}
