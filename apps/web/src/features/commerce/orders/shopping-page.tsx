import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Drawer,
  Group,
  Image,
  Indicator,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled, IconShoppingCart } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useCurrentScreen } from '../../../app/current-screen';
import { formatMoney } from '../../../kit/money';
import { PageHeader } from '../../../kit/page-header';
import { decodeToken, getToken } from '../../../lib/session';
import { CartContents, failed } from './shop-cart';
import { ShopProductModal } from './shop-product-modal';
import { type Cart, demoExtras, demoShopState, type ShopProduct, type ShopVariation, shopCall } from './storefront-client';

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

/** The demo shop (seed 000 §3–§4): the community's catalogue as shoppers see it, with wish list and cart, through the storefront API. */
export default function ShoppingPage() {
  const screen = useCurrentScreen();
  const community = decodeToken(getToken() ?? '')?.cn ?? '';
  demoShopState.useCommunity(community);
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [signedIn, setSignedIn] = useState(Boolean(demoShopState.token()));
  const [choosing, setChoosing] = useState<ShopProduct | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const products = useQuery({
    queryKey: ['demo-shop', community, 'products', q],
    queryFn: () => shopCall<ShopProduct[]>(community, 'GET', '/products', { q: q.trim(), limit: 48 }),
    placeholderData: keepPreviousData,
  });
  const cart = useQuery({
    queryKey: ['demo-shop', community, 'cart'],
    queryFn: async () => {
      // The kept cart, unless it was ordered (or closed) elsewhere: then a new one.
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
  const lines = cart.data?.lines ?? [];
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);

  /**
   * The seed's toggle (000 §4): the chosen variation is added when absent (quantity as chosen, the
   * line's offer fixed now and kept on the line), removed when present.
   */
  async function toggleCart(product: ShopProduct, variation: ShopVariation, quantity: number): Promise<boolean> {
    const line = lines.find((l) => l.variationId === variation.id);
    try {
      const updated = await shopCall<Cart>(
        community,
        'POST',
        line ? '/cart/remove' : '/cart/lines',
        line
          ? { cartId: cart.data?.id, lineId: line.id }
          : { cartId: cart.data?.id, variationId: variation.id, quantity, extras: demoExtras(product.id) },
      );
      demoShopState.setCartId(updated.id);
      client.setQueryData(['demo-shop', community, 'cart'], updated);
      setChoosing(null);
      const name = variation.title ? `${product.title} (${variation.title})` : product.title;
      notifications.show({
        color: line ? 'gray' : 'teal',
        title: line ? 'Removed from your cart' : 'Added to your cart',
        message: line ? (
          name
        ) : (
          <Group justify="space-between" gap="xs">
            <span>{name}</span>
            <Button size="compact-xs" variant="light" onClick={() => setCartOpen(true)}>
              View cart
            </Button>
          </Group>
        ),
      });
      return true;
    } catch (err) {
      failed('Cart not changed')(err);
      return false;
    }
  }
  async function toggleWish(product: ShopProduct) {
    await shopCall(community, 'POST', '/wishlist/toggle', { productId: product.id }).then(refresh, failed('Wish list not changed'));
  }

  return (
    <Stack>
      <PageHeader
        title={screen.label}
        description={screen.description}
        actions={
          <Indicator label={count} size={18} disabled={count === 0} offset={4} color="pink">
            <Button
              variant="default"
              leftSection={<IconShoppingCart size={16} aria-hidden />}
              onClick={() => setCartOpen(true)}
              aria-label={count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            >
              Cart
            </Button>
          </Indicator>
        }
      />
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
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'sm', md: 'md' }}>
        {(products.data ?? []).map((p) => {
          const inCart = lines.some((l) => l.productId === p.id);
          const price =
            p.minPrice === p.maxPrice
              ? formatMoney(p.minPrice, cart.data?.currency ?? 'INR')
              : `From ${formatMoney(p.minPrice, cart.data?.currency ?? 'INR')}`;
          return (
            <Card key={p.id} withBorder component="article" aria-label={p.title} padding="sm">
              <Card.Section>
                <AspectRatio ratio={1}>
                  {p.images[0] ? <Image src={p.images[0].url} alt={p.images[0].alt} loading="lazy" /> : <Box bg="gray.1" />}
                </AspectRatio>
              </Card.Section>
              <Stack gap={4} mt="sm" style={{ flex: 1 }}>
                <Text fw={600} lineClamp={2}>
                  {p.title}
                </Text>
                {p.brand && (
                  <Text size="xs" c="dimmed">
                    {p.brand}
                  </Text>
                )}
                <Group justify="space-between" gap={4}>
                  <Text size="sm">{price}</Text>
                  {p.ratingCount > 0 && (
                    <Badge variant="light" size="sm">
                      ★ {(p.ratingAverage / 100).toFixed(1)} ({p.ratingCount})
                    </Badge>
                  )}
                </Group>
              </Stack>
              <Group justify="space-between" mt="sm" wrap="nowrap">
                <Button
                  size="xs"
                  variant={inCart ? 'light' : 'filled'}
                  onClick={() => setChoosing(p)}
                  aria-label={`Choose options of ${p.title}`}
                >
                  {inCart ? 'In cart' : 'Choose'}
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
            </Card>
          );
        })}
      </SimpleGrid>
      <ShopProductModal
        community={community}
        product={choosing}
        currency={cart.data?.currency}
        inCart={(variationId) => lines.some((l) => l.variationId === variationId)}
        onClose={() => setChoosing(null)}
        onToggle={toggleCart}
      />
      <Drawer opened={cartOpen} onClose={() => setCartOpen(false)} position="right" size="md" title={`Your cart (${count})`}>
        {cart.data ? (
          <CartContents community={community} cart={cart.data} refresh={refresh} />
        ) : (
          <Text c="dimmed">{cart.isError ? 'The cart could not be loaded.' : 'Loading the cart…'}</Text>
        )}
      </Drawer>
    </Stack>
  );
}
