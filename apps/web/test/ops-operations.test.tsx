import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import BackgroundJobsPage from '../src/features/ops/background-jobs-page';
import { RetryRecord } from '../src/features/ops/retry-record';
import { calls, mockApi } from './fetch-mock';
import { renderAt } from './render';

describe('operations screens', () => {
  it("lists each module's jobs with their schedules, subscriptions and workflows", async () => {
    mockApi((method, url) =>
      method === 'GET' && url.pathname === '/api/v1/ops/lifecycle'
        ? {
            body: {
              data: [
                {
                  module: 'commerce',
                  label: 'Shop',
                  jobs: [{ name: 'commerce.expire-unpaid', cron: '* * * * *' }],
                  subscribers: ['marketing.contact.subscribed'],
                  workflows: [{ name: 'commerce.fulfil', steps: ['reserve', 'charge'] }],
                },
              ],
            },
          }
        : undefined,
    );
    renderAt(<BackgroundJobsPage />);
    expect(await screen.findByText('commerce.expire-unpaid')).toBeInTheDocument();
    // The module by its name, not its key.
    expect(screen.getByText('Shop')).toBeInTheDocument();
    expect(screen.queryByText('commerce')).toBeNull();
    expect(screen.getByText('* * * * *')).toBeInTheDocument();
    expect(screen.getByText('marketing.contact.subscribed')).toBeInTheDocument();
    expect(screen.getByText('commerce.fulfil')).toHaveAttribute('title', 'reserve → charge');
  });

  it('shows a failed record with its error and queues it again on Retry', async () => {
    mockApi((method, url) =>
      method === 'POST' && url.pathname === '/api/v1/ops/event-deliveries/d1/retry'
        ? { body: { data: { id: 'd1', status: 'pending' } } }
        : undefined,
    );
    renderAt(<RetryRecord row={{ id: 'd1' }} resource="ops/event-deliveries" error="relay cannot take order A-200 yet" canRetry />);
    expect(screen.getByText('relay cannot take order A-200 yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/d1/retry'))).toBe(true));
  });

  it('offers no Retry to a reader', () => {
    renderAt(<RetryRecord row={{ id: 'd1' }} resource="ops/workflow-runs" error="Compensating step reserve failed" canRetry={false} />);
    expect(screen.getByText('Compensating step reserve failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
