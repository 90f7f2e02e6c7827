import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled, IconShoppingCart } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useCurrentScreen } from '../../../app/current-screen';
import { formatMoney } from '../../../kit/money';
import { PageHeader } from '../../../kit/page-header';
import { decodeToken, getToken } from '../../../lib/session';
import { type Cart, demoExtras, demoShopState, type ShopProduct, shopCall } from './storefront-client';

const failed = (title: string) => (err: unknown) =>
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });

/** Sign in (or up) as a shopper of this shop: the wish list belongs to a customer account. */
function ShopperSignIn({ community, onDone }: { community: string; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  async function go(kind: 'signin' | 'signup') {
    try {
      const body = { email, password, cartId: demoShopState.cartId() ?? undefined, ...(kind === 'signup' ? { name: name || email } : {}) };
      const out = await shopCall<{ token: string; cartId: string | null }>(community, 'POST', `/auth/${kind}`, body);
      demoShopState.setToken(out.token);
      if (out.cartId) demoShopState.setCartId(out.cartId);
      onDone();
    } catch (err) {
      failed(kind === 'signin' ? 'Not signed in' : 'Not signed up')(err);
    }
  }
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text size="sm">Sign in as a shopper to keep a wish list (your cart works without).</Text>
        <Group grow>
          <TextInput label="Shopper email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput label="Shopper password" type="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <TextInput label="Name (to sign up)" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </Group>
        <Group>
          <Button variant="light" onClick={() => go('signin')}>
            Sign in
          </Button>
          <Button variant="default" onClick={() => go('signup')}>
            Sign up
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CartPanel({ community, cart, refresh }: { community: string; cart: Cart; refresh: () => Promise<unknown> }) {
  const [code, setCode] = useState('');
  const [checkout, setCheckout] = useState({ email: '', name: '', line1: '', city: '', postalCode: '', country: 'IN' });
  const [placed, setPlaced] = useState<{ id: string; reference: string } | null>(null);
  const [paying, setPaying] = useState(false);
  const money = (n: number) => formatMoney(n, cart.currency);
  const call = (path: string, body: Record<string, unknown>, title: string) =>
    shopCall(community, 'POST', path, { cartId: cart.id, ...body }).then(refresh, failed(title));
  async function placeOrder() {
    try {
      const { email, name, ...address } = checkout;
      const order = await shopCall<{ id: string; reference: string }>(community, 'POST', '/checkout', {
        cartId: cart.id,
        email,
        name,
        shippingAddress: { name, ...address },
      });
      setPlaced({ id: order.id, reference: order.reference });
      demoShopState.setCartId(null);
      await refresh();
    } catch (err) {
      failed('Order not placed')(err);
    }
  }
  /** Starts the payment and sends the shopper to the hosted pay page (the gateway's checkout runs there). */
  async function pay(orderId: string) {
    setPaying(true);
    try {
      const started = await shopCall<{ payUrl: string }>(community, 'POST', `/orders/${orderId}/pay`, {});
      window.location.assign(started.payUrl);
    } catch (err) {
      setPaying(false);
      failed('Payment not started')(err);
    }
  }
  const field = (key: keyof typeof checkout, label: string) => (
    <TextInput
      label={label}
      value={checkout[key]}
      onChange={(e) => {
        const value = e.currentTarget.value; // read now: the event is gone when the updater runs
        setCheckout((c) => ({ ...c, [key]: value }));
      }}
    />
  );
  return (
    <Card withBorder component="section" aria-label="Cart">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Cart
        </Title>
        {placed && (
          <Alert color="teal" role="status">
            <Group justify="space-between" gap="sm">
              <span>Order {placed.reference} placed.</span>
              <Button size="xs" loading={paying} onClick={() => pay(placed.id)}>
                Pay now
              </Button>
            </Group>
          </Alert>
        )}
        {cart.lines.length === 0 && <Text c="dimmed">The cart is empty.</Text>}
        {cart.lines.map((line) => (
          <Group key={line.id} justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>{line.title}</Text>
              <Text size="xs" c="dimmed">
                {line.extras.discount_in_percentage ? `${line.extras.discount_in_percentage}% off · ` : ''}
                {line.extras.offers_count ? `${line.extras.offers_count} offers · ` : ''}
                {line.extras.delivery_date ? `delivery by ${line.extras.delivery_date}` : ''}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <NumberInput
                aria-label={`Quantity of ${line.title}`}
                w={80}
                min={0}
                max={999}
                value={line.quantity}
                onChange={(v) => call('/cart/quantity', { index: line.index, quantity: Number(v) || 0 }, 'Quantity not changed')}
              />
              <Text w={100} ta="right">
                {money(line.total)}
              </Text>
            </Group>
          </Group>
        ))}
        {cart.issues.map((issue) => (
          <Alert key={issue.message} color="yellow" role="alert">
            {issue.message}
          </Alert>
        ))}
        {cart.lines.length > 0 && (
          <>
            <Group align="end">
              <TextInput label="Coupon code" value={code} onChange={(e) => setCode(e.currentTarget.value)} />
              <Button variant="light" onClick={() => call('/cart/coupon', { code }, 'Coupon not applied')}>
                Apply coupon
              </Button>
            </Group>
            <Stack gap={2} align="flex-end">
              <Text size="sm">Subtotal {money(cart.subtotal)}</Text>
              {cart.discount > 0 && (
                <Text size="sm">
                  Discount ({cart.couponCode}) −{money(cart.discount)}
                </Text>
              )}
              <Text size="sm">Shipping {money(cart.shipping.total)}</Text>
              <Text size="sm">Tax {money(cart.tax)}</Text>
              <Text fw={700} aria-label="Cart total">
                Total {money(cart.total)}
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {field('email', 'Email')}
              {field('name', 'Full name')}
              {field('line1', 'Address')}
              {field('city', 'City')}
              {field('postalCode', 'Postal code')}
              {field('country', 'Country code')}
            </SimpleGrid>
            <Group>
              <Button onClick={placeOrder}>Place order</Button>
              <Button variant="subtle" color="red" onClick={() => call('/cart/clear', {}, 'Cart not emptied')}>
                Empty cart
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The demo shop (seed 000 §3–§4): the community's catalogue as shoppers see it, with wish list and cart, through the storefront API. */
export default function ShoppingPage() {
  const screen = useCurrentScreen();
  const community = decodeToken(getToken() ?? '')?.cn ?? '';
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [signedIn, setSignedIn] = useState(Boolean(demoShopState.token()));
  const products = useQuery({
    queryKey: ['demo-shop', community, 'products', q],
    queryFn: () => shopCall<ShopProduct[]>(community, 'GET', '/products', { q: q.trim(), limit: 48 }),
  });
  const cart = useQuery({
    queryKey: ['demo-shop', community, 'cart'],
    queryFn: async () => {
      // A cart ordered (or closed) elsewhere is gone: start a new one.
      const open = (cartId?: string) => shopCall<Cart>(community, 'POST', '/cart', { cartId });
      const cart = await open(demoShopState.cartId() ?? undefined).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return open();
        throw err;
      });
      demoShopState.setCartId(cart.id);
      return cart;
    },
  });
  const wishes = useQuery({
    queryKey: ['demo-shop', community, 'wishlist', signedIn],
    queryFn: () => (signedIn ? shopCall<{ productId: string }[]>(community, 'GET', '/wishlist') : Promise.resolve([])),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['demo-shop', community] });
  const wished = new Set((wishes.data ?? []).map((w) => w.productId));

  /** Adds the product (objectID) when absent from the cart, removes it when present; a new line gets the seed's extras. */
  async function toggleCart(product: ShopProduct) {
    const line = cart.data?.lines.find((l) => l.productId === product.id);
    const body = line
      ? { cartId: cart.data?.id, index: line.index }
      : { cartId: cart.data?.id, productId: product.id, quantity: 1, extras: demoExtras(product.id) };
    await shopCall(community, 'POST', line ? '/cart/remove' : '/cart/lines', body).then(refresh, failed('Cart not changed'));
  }
  async function toggleWish(product: ShopProduct) {
    await shopCall(community, 'POST', '/wishlist/toggle', { productId: product.id }).then(refresh, failed('Wish list not changed'));
  }

  return (
    <Stack>
      <PageHeader title={screen.label} description={screen.description} />
      {!signedIn && (
        <ShopperSignIn
          community={community}
          onDone={() => {
            setSignedIn(true);
            return refresh();
          }}
        />
      )}
      <TextInput label="Search the shop" value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={400} />
      {products.isError && (
        <Alert color="red" role="alert">
          {products.error instanceof ApiError ? products.error.message : 'The shop could not be loaded.'}
        </Alert>
      )}
      {products.data?.length === 0 && <Text c="dimmed">No products on sale yet: publish some in the catalogue.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {(products.data ?? []).map((p) => {
          const inCart = Boolean(cart.data?.lines.some((l) => l.productId === p.id));
          return (
            <Card key={p.id} withBorder component="article" aria-label={p.title}>
              {p.images[0] && (
                <Card.Section>
                  <Image src={p.images[0].url} alt={p.images[0].alt} h={140} fit="cover" />
                </Card.Section>
              )}
              <Stack gap={4} mt="sm">
                <Text fw={600}>{p.title}</Text>
                {p.brand && (
                  <Text size="xs" c="dimmed">
                    {p.brand}
                  </Text>
                )}
                <Group justify="space-between">
                  <Text>{formatMoney(p.minPrice, cart.data?.currency ?? 'INR')}</Text>
                  {p.ratingCount > 0 && (
                    <Badge variant="light">
                      ★ {(p.ratingAverage / 100).toFixed(1)} ({p.ratingCount})
                    </Badge>
                  )}
                </Group>
                <Group justify="space-between">
                  <Button
                    size="xs"
                    leftSection={<IconShoppingCart size={14} aria-hidden />}
                    variant={inCart ? 'light' : 'filled'}
                    onClick={() => toggleCart(p)}
                  >
                    {inCart ? `Remove ${p.title} from cart` : `Add ${p.title} to cart`}
                  </Button>
                  <ActionIcon
                    variant="subtle"
                    aria-label={wished.has(p.id) ? `Remove ${p.title} from wish list` : `Add ${p.title} to wish list`}
                    aria-pressed={wished.has(p.id)}
                    disabled={!signedIn}
                    onClick={() => toggleWish(p)}
                  >
                    {wished.has(p.id) ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
                  </ActionIcon>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {cart.data && <CartPanel community={community} cart={cart.data} refresh={refresh} />}
    </Stack>
  );
}
