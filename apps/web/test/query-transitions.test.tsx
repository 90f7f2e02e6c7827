import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useSyncExternalStore } from '../src/lib/react-for-query';

/** A minimal external store, counting its subscribers. */
function counterStore(start: number) {
  let value = start;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    subscribers: () => listeners.size,
  };
}

describe('TanStack Query renders its updates as transitions', () => {
  afterEach(() => notifyManager.setScheduler((cb) => setTimeout(cb, 0)));

  it('renders the store as it is, then its changes, and lets go on unmount', async () => {
    const store = counterStore(1);
    function Shows() {
      return <p>value {useSyncExternalStore(store.subscribe, store.get)}</p>;
    }
    const view = render(<Shows />);
    expect(screen.getByText('value 1')).toBeInTheDocument();
    expect(store.subscribers()).toBe(1);
    act(() => store.set(2));
    expect(await screen.findByText('value 2')).toBeInTheDocument();
    view.unmount();
    expect(store.subscribers()).toBe(0);
  });

  it('picks up a change made between its render and its subscription', async () => {
    const store = counterStore(1);
    function Shows() {
      const value = useSyncExternalStore(store.subscribe, store.get);
      // Changed after this render read it, before the effect subscribes (what a fetch landing can do).
      if (value === 1) queueMicrotask(() => store.set(5));
      return <p>value {value}</p>;
    }
    render(<Shows />);
    expect(await screen.findByText('value 5')).toBeInTheDocument();
  });

  it('is a transition: a synchronous flush does not render the change, React renders it after', async () => {
    const store = counterStore(1);
    function Shows() {
      return <p>value {useSyncExternalStore(store.subscribe, store.get)}</p>;
    }
    render(<Shows />);
    flushSync(() => store.set(2));
    // React's own hook would have rendered "value 2" inside flushSync (its store updates are synchronous).
    expect(screen.getByText('value 1')).toBeInTheDocument();
    expect(await screen.findByText('value 2')).toBeInTheDocument();
  });

  it("applies to the package's useQuery as the console is built and tested", async () => {
    notifyManager.setScheduler((cb) => cb()); // notify at once, inside flushSync below
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(['greeting'], 'hello');
    function Greeting() {
      const { data } = useQuery({ queryKey: ['greeting'], queryFn: () => 'hello' });
      return <p>says {data}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Greeting />
      </QueryClientProvider>,
    );
    expect(screen.getByText('says hello')).toBeInTheDocument();
    flushSync(() => client.setQueryData(['greeting'], 'hi'));
    expect(screen.getByText('says hello')).toBeInTheDocument();
    expect(await screen.findByText('says hi')).toBeInTheDocument();
  });
});
