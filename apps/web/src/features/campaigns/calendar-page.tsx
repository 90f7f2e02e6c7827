import type { EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import './calendar.css';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Button, Card } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { LIST_SCREENS, RECORD_LINKS } from '../../config/screens';
import { PageHeader } from '../../kit/page-header';
import { CHANNEL_LABEL, type Channel, campaignAction, getCalendar, reportHref } from './campaigns-api';

/** The website's events are the marketing events: made and edited on their own screen (the site area's). */
const EVENTS = 'site/events';

/**
 * Each status's colour, dark enough for the white title FullCalendar writes on a timed block event
 * (WCAG AA 4.5:1 or more: blue 8, amber, teal 9, grape, red 9); marketing events in gray 7.
 */
const COLOR: Record<string, string> = { scheduled: '#1971c2', sending: '#b35900', sent: '#087f5b', paused: '#9c36b5', failed: '#c92a2a' };
const EVENT_COLOR = '#495057';

/** Campaigns scheduled and sent and the marketing events: month, week and list; drag a scheduled campaign to move it; an event opens in its editor, and a new one is made there. */
export default function CalendarPage() {
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const client = useQueryClient();
  const navigate = useNavigate();
  const key = ['campaigns', 'calendar', range?.from, range?.to];
  const entries = useQuery({ queryKey: key, queryFn: () => getCalendar(range!.from, range!.to), enabled: Boolean(range) });
  const events: EventInput[] = (entries.data ?? []).map((e) => ({
    id: e.id,
    title: e.kind === 'campaign' ? `${CHANNEL_LABEL[e.channel as Channel]}: ${e.title}` : e.title,
    start: e.start,
    end: e.end ?? undefined,
    editable: e.editable,
    color: e.kind === 'event' ? EVENT_COLOR : (COLOR[e.status] ?? '#cd3197'),
    extendedProps: { kind: e.kind },
  }));

  async function moved(arg: EventDropArg) {
    try {
      await campaignAction(arg.event.id, 'schedule', { scheduledAt: arg.event.start!.toISOString() });
      notifications.show({ color: 'teal', message: `Rescheduled to ${arg.event.start!.toLocaleString()}` });
      await client.invalidateQueries({ queryKey: ['campaigns', 'calendar'] });
    } catch (err) {
      arg.revert();
      notifications.show({ color: 'red', title: 'Not moved', message: err instanceof ApiError ? err.message : 'Try again' });
    }
  }

  return (
    <>
      <PageHeader
        title="Calendar"
        description="Scheduled and sent campaigns and marketing events. Drag a scheduled campaign to another time."
        actions={
          LIST_SCREENS[EVENTS] ? (
            <Button component={Link} to={`${LIST_SCREENS[EVENTS]}?record=new`} variant="light">
              New event
            </Button>
          ) : undefined
        }
      />
      <Card withBorder className="atrium-calendar">
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView="dayGridMonth"
          headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listMonth' }}
          events={events}
          datesSet={(d) => setRange({ from: d.start.toISOString(), to: d.end.toISOString() })}
          eventDrop={moved}
          eventClick={(arg) => {
            if (arg.event.extendedProps.kind === 'campaign') navigate(reportHref(arg.event.id));
            // An event opens in its own editor, where it is changed.
            else if (RECORD_LINKS[EVENTS]) navigate(RECORD_LINKS[EVENTS].href(arg.event.id));
          }}
          height="auto"
          // Words, not icon fonts: the chevrons were images without a name.
          buttonIcons={false}
          buttonText={{ prev: 'Previous', next: 'Next', today: 'Today', month: 'Month', week: 'Week', list: 'List' }}
          // A day cell is named by its visible number (the number's link keeps the full date as its
          // label, which is not the text a reader sees in the cell).
          dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
        />
      </Card>
    </>
  );
}
