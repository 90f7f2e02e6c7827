import { AspectRatio, Badge, Button, Chip, ColorSwatch, Group, Image, Modal, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconShoppingCartMinus, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { formatMoney } from '../../../kit/money';
import { type ShopOption, type ShopProduct, type ShopProductDetail, type ShopVariation, shopCall, variationFor } from './storefront-client';

const availability = (v: ShopVariation | undefined) => {
  if (!v || v.available === null) return null;
  if (v.available === 0) return { text: 'Sold out', color: 'red' };
  if (v.available <= 5) return { text: `Only ${v.available} left`, color: 'orange' };
  return { text: 'In stock', color: 'teal' };
};

/** Values of an option that, with the other choices made so far, lead to a variation that can be bought. */
function reachable(option: ShopOption, chosen: Record<string, string>, variations: ShopVariation[]): Set<string> {
  const others = Object.entries(chosen)
    .filter(([key]) => key !== option.id)
    .map(([, id]) => id);
  const ok = new Set<string>();
  for (const v of variations)
    if (v.available !== 0 && others.every((id) => v.attributeValueIds.includes(id))) for (const id of v.attributeValueIds) ok.add(id);
  return ok;
}

/**
 * A product as a shopper chooses it: its picture, price and one picker per option (Colour, Size);
 * "Add to cart" waits until every option is chosen, so the cart holds exactly the variation picked.
 */
export function ShopProductModal({
  community,
  product,
  currency,
  inCart,
  onClose,
  onToggle,
}: {
  community: string;
  product: ShopProduct | null;
  currency: string | undefined;
  /** The cart's line of a variation, if it is in the cart. */
  inCart: (variationId: string) => boolean;
  onClose: () => void;
  /** Adds the variation when it is not in the cart, removes it when it is (seed 000 §4); false when that failed. */
  onToggle: (product: ShopProduct, variation: ShopVariation, quantity: number) => Promise<boolean>;
}) {
  const detail = useQuery({
    queryKey: ['demo-shop', community, 'product', product?.slug],
    queryFn: () => shopCall<ShopProductDetail>(community, 'GET', `/products/${encodeURIComponent(product?.slug ?? '')}`),
    enabled: Boolean(product),
  });
  return (
    <Modal opened={Boolean(product)} onClose={onClose} title={product?.title} size="lg">
      {product && detail.isError && (
        <Text c="red" role="alert">
          {detail.error instanceof ApiError ? detail.error.message : 'The product could not be loaded.'}
        </Text>
      )}
      {product && !detail.data && !detail.isError && <Skeleton h={360} />}
      {product && detail.data && (
        <Chooser
          key={detail.data.id}
          product={detail.data}
          currency={currency}
          inCart={inCart}
          onToggle={(v, q) => onToggle(product, v, q)}
        />
      )}
    </Modal>
  );
}

function Chooser({
  product,
  currency,
  inCart,
  onToggle,
}: {
  product: ShopProductDetail;
  currency: string | undefined;
  inCart: (variationId: string) => boolean;
  onToggle: (variation: ShopVariation, quantity: number) => Promise<boolean>;
}) {
  const options = product.options ?? [];
  // An option with one value is no choice: it is chosen already.
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(options.filter((o) => o.values.length === 1).map((o) => [o.id, o.values[0].id])),
  );
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const variation =
    options.length === 0
      ? (product.variations.find((v) => v.isDefault) ?? product.variations[0])
      : variationFor(product.variations, chosen, options);
  const missing = options.filter((o) => !chosen[o.id]);
  const stock = availability(variation);
  const image = variation?.images[0] ?? product.images[0];
  const price = variation
    ? formatMoney(variation.price, currency ?? 'INR')
    : product.minPrice === product.maxPrice
      ? formatMoney(product.minPrice, currency ?? 'INR')
      : `${formatMoney(product.minPrice, currency ?? 'INR')} – ${formatMoney(product.maxPrice, currency ?? 'INR')}`;
  const soldOut = variation?.available === 0;
  const already = variation ? inCart(variation.id) : false;

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <AspectRatio ratio={1} w={{ base: '100%', xs: 240 }} maw={320}>
          {image ? <Image src={image.url} alt={image.alt} radius="md" /> : <Skeleton animate={false} radius="md" />}
        </AspectRatio>
        <Stack gap={6} style={{ flex: '1 1 220px' }}>
          {product.brand && (
            <Text size="sm" c="dimmed">
              {product.brand}
            </Text>
          )}
          <Group gap="xs" align="baseline">
            <Text fz="xl" fw={700} aria-label="Price">
              {price}
            </Text>
            {variation?.compareAtPrice && variation.compareAtPrice > variation.price && (
              <Text td="line-through" c="dimmed" size="sm">
                {formatMoney(variation.compareAtPrice, currency ?? 'INR')}
              </Text>
            )}
          </Group>
          {stock && (
            <Badge color={stock.color} variant="light" w="fit-content">
              {stock.text}
            </Badge>
          )}
          {product.description && <Text size="sm">{product.description}</Text>}
        </Stack>
      </Group>

      {options.map((option) => {
        const ok = reachable(option, chosen, product.variations);
        const picked = option.values.find((v) => v.id === chosen[option.id]);
        return (
          <Stack key={option.id} gap={6} role="group" aria-label={option.name}>
            <Text size="sm" fw={600}>
              {option.name}
              {picked ? `: ${picked.value}` : ''}
            </Text>
            <Chip.Group multiple={false} value={chosen[option.id] ?? null} onChange={(id) => setChosen((c) => ({ ...c, [option.id]: id }))}>
              <Group gap="xs">
                {option.values.map((value) => (
                  <Chip key={value.id} value={value.id} disabled={!ok.has(value.id)} variant="outline">
                    <Group gap={6} wrap="nowrap">
                      {value.swatch && <ColorSwatch color={value.swatch} size={14} aria-hidden />}
                      {value.value}
                    </Group>
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        );
      })}

      <Group align="flex-end" gap="sm">
        {!already && (
          <NumberInput
            label="Quantity"
            w={100}
            min={1}
            max={variation?.available ?? 999}
            value={quantity}
            onChange={(v) => setQuantity(Math.max(1, Number(v) || 1))}
          />
        )}
        <Button
          leftSection={already ? <IconShoppingCartMinus size={16} aria-hidden /> : <IconShoppingCartPlus size={16} aria-hidden />}
          variant={already ? 'light' : 'filled'}
          disabled={!variation || (soldOut && !already)}
          loading={adding}
          onClick={async () => {
            if (!variation) return;
            setAdding(true);
            await onToggle(variation, quantity);
            setAdding(false);
          }}
        >
          {already ? 'Remove from cart' : 'Add to cart'}
        </Button>
      </Group>
      {missing.length > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          Choose {missing.map((o) => o.name.toLowerCase()).join(' and ')} to add it to the cart.
        </Text>
      )}
      {options.length > 0 && missing.length === 0 && !variation && (
        <Text size="sm" c="orange" aria-live="polite">
          This combination is not made. Choose another.
        </Text>
      )}
    </Stack>
  );
}
