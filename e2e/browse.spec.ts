import { expect, test } from './support/test';
import { demoProducts, expectCartCount, showFilters, storedCart } from './support/shop';

test('a shopper browses from the home page to a product and adds it to the cart @layout', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Empowering Women, Preserving Nature' })).toBeVisible();
  await expect(page.getByText('100% Organic Forest Products')).toBeVisible();
  await expect(page.getByRole('link', { name: /Shop Now/ })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'Our Story' })).toHaveAttribute('href', '/about');

  const featured = page.getByRole('list', { name: 'Featured products' }).getByRole('listitem');
  await expect(featured.first()).toBeVisible();
  expect(await featured.count()).toBeGreaterThan(0);
  await expect(featured.first().getByText('Featured')).toBeVisible();
  await expect(featured.first().getByText(/^K\s?[\d,]+\.\d\d$/)).toBeVisible();

  // Category cards lead to the filtered listing.
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Gift Sets/ })
    .click();
  await expect(page).toHaveURL(/\/products\?category=gift-sets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  await showFilters(page);
  await expect(page.getByRole('checkbox', { name: 'gift sets' })).toBeChecked();

  // Open the first product from the listing.
  const firstCard = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
  const productName = (await firstCard.getByRole('heading').innerText()).trim();
  await firstCard.getByRole('link', { name: productName }).click();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(breadcrumb.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
  await expect(breadcrumb.getByRole('link', { name: 'gift sets' })).toHaveAttribute(
    'href',
    '/products?category=gift-sets',
  );
  await expect(page.getByText('In Stock')).toBeVisible();
  await expect(page.getByText('100% Organic & Sustainable')).toBeVisible();

  // Tabs: Details, How to Use, Reviews (keyboard works between them).
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
  await page.getByRole('tab', { name: 'Details' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'How to Use' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();

  // Related products come from the same category and never include this product.
  const related = page.getByRole('list', { name: 'Related products' }).getByRole('listitem');
  await expect(page.getByRole('heading', { name: 'You might also like' })).toBeVisible();
  expect(await related.count()).toBeLessThanOrEqual(4);
  await expect(related.getByRole('heading', { name: productName, exact: true })).toHaveCount(0);

  // Quantity 3, down to 2, then add.
  await page.getByRole('button', { name: `Increase quantity of ${productName}` }).click();
  await page.getByRole('button', { name: `Increase quantity of ${productName}` }).click();
  await page.getByRole('button', { name: `Decrease quantity of ${productName}` }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`${productName} added to cart`)).toBeVisible();
  await expect(page.getByText('2 item(s) added')).toBeVisible();
  await expectCartCount(page, 2);
  const cart = await storedCart(page);
  expect(cart.items).toHaveLength(1);
  expect(cart.items[0]).toMatchObject({ name: productName, quantity: 2 });
  expect(cart.totalItems).toBe(2);
});

test('the quantity on a product page never goes below 1 and sold-out products cannot be added', async ({
  page,
  request,
}) => {
  const products = await demoProducts(request);
  const soldOut = products.find((p) => p.countInStock <= 0)!;
  expect(soldOut, 'the demo catalogue has a sold-out product').toBeTruthy();
  await page.goto(`/products/${soldOut._id}`);
  await expect(page.getByText('Out of Stock')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

  const inStock = products.find((p) => p.countInStock > 0)!;
  await page.goto(`/products/${inStock._id}`);
  const decrease = page.getByRole('button', { name: `Decrease quantity of ${inStock.name}` });
  await expect(decrease).toBeDisabled();
  await expect(page.getByRole('group', { name: `Quantity of ${inStock.name}` })).toContainText('1');
});
