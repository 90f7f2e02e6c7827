/**
 * React as TanStack Query sees it (the console's build gives `@tanstack/react-query` this module for
 * `react`: see scripts/query-renders-as-transitions.ts): all of React, except that a query's
 * store updates render as transitions.
 *
 * Why: React renders `useSyncExternalStore` updates synchronously, never in slices. Every answer that
 * lands (the rows, the permissions, the resource descriptions, a count) re-rendered what reads it as
 * one blocking task: on a phone the list screen's load was a row of 70–300 ms tasks that freeze
 * scrolling and typing. As a transition, React renders the same update in ~5 ms slices and lets input
 * in between. The price is what a transition costs anywhere: two components reading the same query may
 * show its old and new answer for a frame (no tearing guarantee), which a console can afford.
 */
import { startTransition, useEffect, useReducer, useRef } from 'react';

// React's API by name, not `export * from 'react'`: React is a CommonJS package, and the development
// server cannot re-export all of one (test/query-transitions-build.test.ts checks that every name the
// package uses is here).
export {
  Children,
  Component,
  createContext,
  createElement,
  Fragment,
  forwardRef,
  isValidElement,
  lazy,
  memo,
  StrictMode,
  Suspense,
  startTransition,
  use,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useTransition,
  version,
} from 'react';

const bump = (n: number) => n + 1;

/** `useSyncExternalStore`'s contract, with the store's changes rendered as transitions. */
export function useSyncExternalStore<T>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => T,
  _getServerSnapshot?: () => T,
): T {
  const value = getSnapshot();
  const [, rerender] = useReducer(bump, 0);
  const rendered = useRef({ value, getSnapshot });
  useEffect(() => {
    rendered.current = { value, getSnapshot };
  });
  useEffect(() => {
    const onStoreChange = () => {
      const { value: shown, getSnapshot: read } = rendered.current;
      if (!Object.is(shown, read())) startTransition(rerender);
    };
    const unsubscribe = subscribe(onStoreChange);
    // A change between this render and the subscription (uSES checks the same).
    onStoreChange();
    return unsubscribe;
  }, [subscribe]);
  return value;
}
