import { ActionIcon, Alert, Button, Divider, Group, Image, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { formatMoney } from '../../../kit/money';
import { CountrySelect } from './country-select';
import { type Cart, type CartLine, demoShopState, lineOffer, shopCall } from './storefront-client';

export const failed = (title: string) => (err: unknown) =>
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });

type Placed = { id: string; reference: string };

/** One line: picture, the variation chosen, its offer (fixed when it was added), quantity and total. */
function LineRow({ line, currency, onQuantity }: { line: CartLine; currency: string; onQuantity: (quantity: number) => void }) {
  const money = (n: number) => formatMoney(n, currency);
  const offer = lineOffer(line);
  const name = line.variationTitle ? `${line.title} (${line.variationTitle})` : line.title;
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="cart-line">
      {line.image ? <Image src={line.image} alt="" w={56} h={56} radius="sm" /> : <div style={{ width: 56, height: 56 }} />}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm">
          {line.title}
        </Text>
        {line.variationTitle && (
          <Text size="xs" c="dimmed">
            {line.variationTitle}
          </Text>
        )}
        <Group gap={6}>
          <Text size="sm">{money(line.unitPrice)}</Text>
          {offer.percent > 0 && (
            <>
              <Text size="xs" c="dimmed" td="line-through" aria-label={`M.R.P. ${money(offer.listPrice)}`}>
                {money(offer.listPrice)}
              </Text>
              <Text size="xs" c="teal" fw={600}>
                {offer.percent}% off
              </Text>
            </>
          )}
        </Group>
        <Text size="xs" c="dimmed" data-testid="line-offer">
          {[
            offer.offers ? `${offer.offers} ${offer.offers === 1 ? 'offer' : 'offers'}` : '',
            offer.deliveryBy ? `Delivery by ${offer.deliveryBy}` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      <Stack gap={4} align="flex-end">
        <Group gap={4} wrap="nowrap">
          <NumberInput
            aria-label={`Quantity of ${name}`}
            w={72}
            min={1}
            max={999}
            value={line.quantity}
            onChange={(v) => Number(v) >= 1 && onQuantity(Number(v))}
          />
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onQuantity(0)}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <Text size="sm" fw={600}>
          {money(line.total)}
        </Text>
      </Stack>
    </Group>
  );
}

/** The cart: its lines, coupon, totals and checkout (the drawer's content). */
export function CartContents({ community, cart, refresh }: { community: string; cart: Cart; refresh: () => Promise<unknown> }) {
  const [code, setCode] = useState('');
  const [placed, setPlaced] = useState<Placed | null>(null);
  const money = (n: number) => formatMoney(n, cart.currency);
  const call = (path: string, body: Record<string, unknown>, title: string) =>
    shopCall(community, 'POST', path, { cartId: cart.id, ...body }).then(refresh, failed(title));
  const saving = cart.lines.reduce((sum, line) => sum + lineOffer(line).saving, 0);
  return (
    <Stack gap="md" component="section" aria-label="Cart">
      {placed && <PlacedNotice community={community} placed={placed} />}
      {cart.lines.length === 0 && !placed && <Text c="dimmed">Your cart is empty.</Text>}
      {cart.lines.map((line) => (
        <LineRow
          key={line.id}
          line={line}
          currency={cart.currency}
          onQuantity={(quantity) => call('/cart/quantity', { lineId: line.id, quantity }, 'Quantity not changed')}
        />
      ))}
      {cart.issues.map((issue) => (
        <Alert key={issue.message} color="yellow" role="alert">
          {issue.message}
        </Alert>
      ))}
      {cart.lines.length > 0 && (
        <>
          <Group align="flex-end" gap="xs">
            <TextInput label="Coupon code" value={code} onChange={(e) => setCode(e.currentTarget.value)} style={{ flex: 1 }} />
            <Button variant="light" onClick={() => call('/cart/coupon', { code }, 'Coupon not applied')}>
              Apply coupon
            </Button>
          </Group>
          <Stack gap={2}>
            <Total label="Subtotal" value={money(cart.subtotal)} />
            {cart.discount > 0 && <Total label={`Discount (${cart.couponCode})`} value={`−${money(cart.discount)}`} />}
            <Total label="Shipping" value={cart.shipping.total === 0 ? 'Free' : money(cart.shipping.total)} />
            <Total label="Tax" value={money(cart.tax)} />
            <Divider my={4} />
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700} aria-label="Cart total">
                Total {money(cart.total)}
              </Text>
            </Group>
            {saving > 0 && (
              <Text size="xs" c="teal" ta="right">
                You save {money(saving)} on M.R.P.
              </Text>
            )}
          </Stack>
          <CheckoutForm
            community={community}
            cart={cart}
            onPlaced={async (order) => {
              setPlaced(order);
              demoShopState.setCartId(null);
              await refresh();
            }}
          />
          <Button variant="subtle" color="red" size="xs" onClick={() => call('/cart/clear', {}, 'Cart not emptied')}>
            Empty cart
          </Button>
        </>
      )}
    </Stack>
  );
}

const Total = ({ label, value }: { label: string; value: string }) => (
  <Group justify="space-between">
    <Text size="sm">{label}</Text>
    <Text size="sm">{value}</Text>
  </Group>
);

function PlacedNotice({ community, placed }: { community: string; placed: Placed }) {
  const [paying, setPaying] = useState(false);
  /** Starts the payment and sends the shopper to the hosted pay page (the gateway's checkout runs there). */
  async function pay() {
    setPaying(true);
    try {
      const started = await shopCall<{ payUrl: string }>(community, 'POST', `/orders/${placed.id}/pay`, {});
      window.location.assign(started.payUrl);
    } catch (err) {
      setPaying(false);
      failed('Payment not started')(err);
    }
  }
  return (
    <Alert color="teal" role="status">
      <Group justify="space-between" gap="sm">
        <span>Order {placed.reference} placed.</span>
        <Button size="xs" loading={paying} onClick={pay}>
          Pay now
        </Button>
      </Group>
    </Alert>
  );
}

const FIELDS = {
  email: 'Email',
  name: 'Full name',
  line1: 'Address',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
} as const;
type Field = keyof typeof FIELDS;

/** What is wrong with the form before it is sent (the server checks again and its answer is shown the same way). */
function check(form: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const key of Object.keys(FIELDS) as Field[]) if (!form[key].trim()) errors[key] = `Enter the ${FIELDS[key].toLowerCase()}`;
  if (form.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'Enter a valid email address';
  return errors;
}

/** The server's field errors (`shippingAddress.postalCode`) on the form's fields. */
function fieldErrors(fields: Record<string, string> | undefined): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const key = path.split('.').pop() as Field;
    if (key in FIELDS) out[key] = message;
  }
  return out;
}

function CheckoutForm({ community, cart, onPlaced }: { community: string; cart: Cart; onPlaced: (order: Placed) => Promise<void> }) {
  const [form, setForm] = useState<Record<Field, string>>({ email: '', name: '', line1: '', city: '', postalCode: '', country: 'IN' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const set = (key: Field, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  async function place(event: React.FormEvent) {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    setPlacing(true);
    try {
      const { email, name, ...address } = form;
      const order = await shopCall<Placed>(community, 'POST', '/checkout', {
        cartId: cart.id,
        email,
        name,
        shippingAddress: { name, ...address },
      });
      await onPlaced(order);
    } catch (err) {
      const mapped = err instanceof ApiError ? fieldErrors(err.fields) : {};
      setErrors(mapped);
      // A message the fields do not carry (a cart that changed, stock that ran out) is said above the button.
      setMessage(
        Object.keys(mapped).length > 0 ? null : err instanceof ApiError ? err.message : 'The order could not be placed. Try again.',
      );
    } finally {
      setPlacing(false);
    }
  }
  const text = (key: Exclude<Field, 'country'>, autoComplete: string, type = 'text') => (
    <TextInput
      label={FIELDS[key]}
      type={type}
      autoComplete={autoComplete}
      value={form[key]}
      error={errors[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
    />
  );
  return (
    <form onSubmit={place} noValidate aria-label="Checkout">
      <Stack gap="sm">
        <Text fw={600}>Delivery</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {text('email', 'email', 'email')}
          {text('name', 'name')}
          {text('line1', 'address-line1')}
          {text('city', 'address-level2')}
          {text('postalCode', 'postal-code')}
          <CountrySelect label="Country" value={form.country} error={errors.country} onChange={(v) => set('country', v ?? '')} />
        </SimpleGrid>
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" loading={placing}>
          Place order
        </Button>
      </Stack>
    </form>
  );
}
