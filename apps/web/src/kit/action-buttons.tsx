import { Button, type ButtonVariant, Group, type GroupProps } from '@mantine/core';

/** One of a record panel's actions (approve, refund, delete…) as a button. */
export interface ButtonAction {
  /** The name `useAction` runs it under: its button shows as busy while that action is under way. */
  name: string;
  label: string;
  /** A coloured action (a risky one) is a light button unless `variant` says otherwise; the others are filled. */
  color?: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  onClick: () => void;
}

/** A record panel's actions in a row, the one under way (`busy`, from `useAction`) loading. */
export function ActionButtons({ actions, busy, ...group }: { actions: ButtonAction[]; busy: string | null } & GroupProps) {
  return (
    <Group {...group}>
      {actions.map((a) => (
        <Button
          key={a.name}
          color={a.color}
          variant={a.variant ?? (a.color ? 'light' : 'filled')}
          loading={busy === a.name}
          disabled={a.disabled}
          onClick={a.onClick}
        >
          {a.label}
        </Button>
      ))}
    </Group>
  );
}
