import type { Category } from '../../shared/categories';
import type { ArtShape } from './product-art';

/**
 * The demo shop's catalogue: what a visitor sees on a fresh install. Prices are in kwacha here
 * because that is how people write them; the seed converts them with toNgwee.
 */
export interface DemoProduct {
  name: string;
  sku: string;
  category: Category;
  price: number;
  size?: string;
  countInStock: number;
  isFeatured?: boolean;
  description: string;
  ingredients: string;
  benefits: string;
  howToUse: string;
  /** Picture: pack shape, its colour, the short text on its label, and how many views (1-4). */
  art: { shape: ArtShape; colour: string; label: string; views?: number };
  /** Reviews by DEMO_CUSTOMERS[by]; at most one per customer and product. */
  reviews?: { by: number; rating: number; comment: string }[];
}

export const BRAND = 'Forest Gold';

export const CATEGORY_BACKGROUNDS: Record<Category, string> = {
  skincare: '#efdfd6',
  'body-care': '#e9e1cd',
  'gift-sets': '#efe2c6',
  oil: '#f0e2c8',
  lotion: '#e3e6d3',
  essentials: '#eadbc4',
};

const MUNGONGO_OIL = {
  category: 'oil' as const,
  ingredients: '100% cold-pressed Schinziophyton rautanenii (mungongo / manketti) kernel oil.',
  benefits:
    'Rich in vitamin E and eleostearic acid, which forms a light protective film on skin and hair. Softens dry patches, calms skin after sun and wind, and tames frizz without weighing hair down.',
  howToUse:
    'Warm 2-3 drops between your fingertips and press onto clean, damp skin morning and night. For hair, smooth a few drops through the ends or massage into the scalp before washing.',
};

const mungongoOil = (ml: number, price: number, stock: number, extra: Partial<DemoProduct> = {}): DemoProduct => ({
  name: `Mungongo Oil ${ml} ml`,
  sku: `OIL-MUN-${String(ml).padStart(3, '0')}`,
  price,
  size: `${ml} ml`,
  countInStock: stock,
  description: `Pure mungongo (manketti) oil, cold-pressed in small batches from nuts that women of the cooperative gather on the forest floor after the fruit falls. Golden, light and quick to absorb, it is the oil our grandmothers used against the dry season. ${ml >= 100 ? 'A generous bottle for the whole family, for face, body and hair.' : 'A handy size for your bag or to try it for the first time.'}`,
  ...MUNGONGO_OIL,
  art: { shape: ml <= 50 ? 'dropper' : 'bottle', colour: '#b8651f', label: 'Mungongo Oil' },
  ...extra,
});

export const DEMO_CATALOGUE: DemoProduct[] = [
  mungongoOil(30, 85, 60, {
    reviews: [
      { by: 1, rating: 5, comment: 'Small bottle, lasts for weeks. My elbows and heels have never been so soft.' },
    ],
  }),
  mungongoOil(50, 130, 48),
  mungongoOil(100, 230, 35, {
    isFeatured: true,
    art: { shape: 'bottle', colour: '#b8651f', label: 'Mungongo Oil', views: 3 },
    reviews: [
      {
        by: 0,
        rating: 5,
        comment: "I use it on my face and on my daughter's hair. Light, not greasy, and it smells of nothing but nuts.",
      },
      { by: 2, rating: 4, comment: 'Very good oil. The bottle could have a dropper, but the oil itself is excellent.' },
      { by: 4, rating: 5, comment: 'Bought it for the dry season and it really helped my cracked hands.' },
    ],
  }),
  mungongoOil(200, 420, 18, { art: { shape: 'bottle', colour: '#a8581a', label: 'Mungongo Oil', views: 2 } }),
  {
    name: 'Marula Face Oil 30 ml',
    sku: 'OIL-MAR-030',
    category: 'oil',
    price: 110,
    size: '30 ml',
    countInStock: 40,
    description:
      'Cold-pressed oil from the kernels of marula fruit, cracked by hand one nut at a time. Marula oil is famously light: it sinks in within a minute and leaves the face soft, not shiny, which makes it a favourite under make-up.',
    ingredients: '100% cold-pressed Sclerocarya birrea (marula) kernel oil.',
    benefits:
      'High in oleic acid and natural antioxidants. Hydrates, helps skin keep its moisture and leaves a smooth, even finish.',
    howToUse:
      'After cleansing, press 2-4 drops onto face and neck. Use alone or mix one drop into your usual moisturiser.',
    art: { shape: 'dropper', colour: '#c9962e', label: 'Marula Oil' },
    reviews: [{ by: 3, rating: 5, comment: 'Absorbs so fast. I use it every morning before sunscreen.' }],
  },
  {
    name: 'Marula Oil 100 ml',
    sku: 'OIL-MAR-100',
    category: 'oil',
    price: 280,
    size: '100 ml',
    countInStock: 0,
    description:
      'Our marula oil in a larger bottle for face, body and hair. Each 100 ml takes about 4 kg of marula nuts and two days of careful cracking, so this size sells out quickly after every harvest.',
    ingredients: '100% cold-pressed Sclerocarya birrea (marula) kernel oil.',
    benefits:
      'Light, fast-absorbing moisture rich in oleic acid and antioxidants; softens skin and adds shine to hair without grease.',
    howToUse: 'Smooth a few drops onto damp skin after bathing, or work through the lengths of your hair.',
    art: { shape: 'bottle', colour: '#c9962e', label: 'Marula Oil' },
  },
  {
    name: 'Baobab Seed Oil 50 ml',
    sku: 'OIL-BAO-050',
    category: 'oil',
    price: 150,
    size: '50 ml',
    countInStock: 32,
    description:
      'Pressed from the seeds of baobab fruit collected around our village, where the old trees are treated as family. A silky, slightly richer oil that suits very dry skin, stretch marks and tired hair ends.',
    ingredients: '100% cold-pressed Adansonia digitata (baobab) seed oil.',
    benefits:
      'Carries omega 3, 6 and 9 fatty acids and vitamins A, D and E. Nourishes very dry skin and improves elasticity with regular use.',
    howToUse:
      'Massage into skin after bathing, paying attention to dry areas. Mix with a little water-based lotion for a lighter feel.',
    art: { shape: 'dropper', colour: '#8a5a3b', label: 'Baobab Oil', views: 2 },
    reviews: [
      { by: 5, rating: 4, comment: 'Lovely oil for my legs. A bit richer than mungongo, which I like at night.' },
    ],
  },
  {
    name: 'Hair & Scalp Oil Blend 100 ml',
    sku: 'OIL-HAIR-100',
    category: 'oil',
    price: 175,
    size: '100 ml',
    countInStock: 27,
    description:
      'A blend of mungongo, marula and baobab oils with a hint of lemongrass, made for braids, twists and natural hair. It keeps the scalp comfortable between wash days and seals moisture into the ends.',
    ingredients: 'Mungongo kernel oil, baobab seed oil, marula kernel oil, lemongrass essential oil, vitamin E.',
    benefits: 'Soothes a dry, itchy scalp, reduces breakage and adds soft shine.',
    howToUse:
      'Part the hair and apply a few drops directly to the scalp, then massage gently. Use on the ends after moisturising.',
    art: { shape: 'bottle', colour: '#6f4a2a', label: 'Hair & Scalp Oil' },
  },
  {
    name: 'Mungongo & Marula Face Serum 30 ml',
    sku: 'SKN-SER-030',
    category: 'skincare',
    price: 195,
    size: '30 ml',
    countInStock: 24,
    isFeatured: true,
    description:
      'Our lightest face product: mungongo and marula oils with rosehip and a little frankincense. Made in small batches of forty bottles so that every one is fresh. Brings a healthy glow back to tired, dull skin.',
    ingredients: 'Marula kernel oil, mungongo kernel oil, rosehip seed oil, vitamin E, frankincense essential oil.',
    benefits:
      'Evens out the look of skin tone, softens fine lines and keeps skin supple through the dry, dusty months.',
    howToUse: 'Each evening, warm 3 drops between the palms and press onto clean face and neck. Avoid the eye area.',
    art: { shape: 'dropper', colour: '#9c4f2a', label: 'Face Serum', views: 4 },
    reviews: [
      { by: 0, rating: 5, comment: 'My skin glows. My sister asked what I changed.' },
      { by: 3, rating: 4, comment: 'Beautiful serum, gentle scent. I wish the bottle were bigger.' },
    ],
  },
  {
    name: 'Honey & Mungongo Lip Balm',
    sku: 'SKN-LIP-010',
    category: 'skincare',
    price: 35,
    size: '10 g',
    countInStock: 120,
    description:
      'A small tin of balm made with beeswax and wild honey from hives kept at the forest edge, softened with mungongo oil. Keeps lips from cracking in the cold, windy months of June and July.',
    ingredients: 'Beeswax, mungongo kernel oil, shea butter, wild honey, vitamin E.',
    benefits: 'Seals in moisture and protects lips from wind and sun.',
    howToUse: 'Apply to lips as often as you like, especially before going outside.',
    art: { shape: 'tin', colour: '#d4a03a', label: 'Lip Balm' },
    reviews: [
      { by: 1, rating: 5, comment: 'Always in my pocket. Tastes faintly of honey.' },
      { by: 5, rating: 5, comment: 'Bought five for the whole office.' },
    ],
  },
  {
    name: 'Mungongo Healing Balm',
    sku: 'SKN-BLM-050',
    category: 'skincare',
    price: 95,
    size: '50 g',
    countInStock: 55,
    description:
      'A rich all-purpose balm for rough hands, cracked heels, dry elbows and chapped cheeks. Thick enough to stay where you put it, and made with just five ingredients you can pronounce.',
    ingredients: 'Mungongo kernel oil, shea butter, beeswax, baobab seed oil, tea tree essential oil.',
    benefits: 'Soothes and softens very dry, cracked skin and helps it recover its natural barrier.',
    howToUse:
      'Warm a small amount with your fingertip and massage into dry areas. At night, apply generously to feet and wear cotton socks.',
    art: { shape: 'tin', colour: '#7a4a22', label: 'Healing Balm', views: 2 },
    reviews: [{ by: 2, rating: 5, comment: 'Fixed my cracked heels in a week. Nothing else worked.' }],
  },
  {
    name: 'Baobab Night Cream 50 ml',
    sku: 'SKN-CRM-050',
    category: 'skincare',
    price: 165,
    size: '50 ml',
    countInStock: 30,
    description:
      'A soft whipped cream of baobab oil, shea butter and aloe that melts into the skin while you sleep. Made without perfume for sensitive and mature skin.',
    ingredients:
      'Aloe vera juice, shea butter, baobab seed oil, mungongo kernel oil, emulsifying wax, vitamin E, mild preservative.',
    benefits: 'Deeply moisturises overnight and leaves skin soft and plump by morning.',
    howToUse: 'Smooth a pea-sized amount over face and neck before bed.',
    art: { shape: 'jar', colour: '#8a5a3b', label: 'Night Cream' },
  },
  {
    name: 'Marula Day Moisturiser 50 ml',
    sku: 'SKN-MOI-050',
    category: 'skincare',
    price: 150,
    size: '50 ml',
    countInStock: 28,
    description:
      'A light daily cream with marula oil and cucumber extract, quickly absorbed and never sticky in the heat of October. A good base under make-up or sunscreen.',
    ingredients:
      'Water, marula kernel oil, cucumber extract, glycerine, emulsifying wax, baobab fruit extract, mild preservative.',
    benefits: 'Keeps skin comfortable and hydrated all day with a fresh, matte finish.',
    howToUse: 'Apply each morning to clean face and neck.',
    art: { shape: 'jar', colour: '#c9962e', label: 'Day Moisturiser' },
  },
  {
    name: 'Mungongo Shea Body Butter 200 ml',
    sku: 'BDY-BUT-200',
    category: 'body-care',
    price: 185,
    size: '200 ml',
    countInStock: 44,
    description:
      'Whipped by hand until light and airy: unrefined shea butter, mungongo oil and a touch of vanilla. A little goes a long way on legs, arms and shoulders after the evening bath.',
    ingredients: 'Shea butter, mungongo kernel oil, coconut oil, vanilla extract, vitamin E.',
    benefits: 'Long-lasting moisture for very dry skin; helps fade the look of stretch marks with regular use.',
    howToUse: 'Massage a small amount into damp skin after bathing.',
    art: { shape: 'jar', colour: '#6b3e26', label: 'Body Butter', views: 2 },
    reviews: [
      { by: 4, rating: 5, comment: 'Smells like vanilla biscuits. Skin stays soft until the next day.' },
      { by: 1, rating: 4, comment: 'Melts a little in the hot season, but works beautifully.' },
    ],
  },
  {
    name: 'Whipped Baobab Body Butter 100 ml',
    sku: 'BDY-BUT-100',
    category: 'body-care',
    price: 120,
    size: '100 ml',
    countInStock: 38,
    description:
      'A lighter body butter made with baobab seed oil and cocoa butter, for everyday use. Its gentle scent of orange peel comes from oranges grown in the next village.',
    ingredients: 'Cocoa butter, baobab seed oil, shea butter, sweet orange essential oil, vitamin E.',
    benefits: 'Softens and smooths skin without a greasy feel.',
    howToUse: 'Apply to body after showering, using more on knees, elbows and feet.',
    art: { shape: 'jar', colour: '#d08a3e', label: 'Baobab Butter' },
  },
  {
    name: 'Mungongo Soap Bar',
    sku: 'BDY-SOP-MUN',
    category: 'body-care',
    price: 45,
    size: '120 g',
    countInStock: 90,
    description:
      'Cold-process soap made with mungongo oil and left to cure for six weeks on wooden racks. Gentle enough for the face, creamy lather, and it lasts.',
    ingredients: 'Saponified mungongo, coconut and palm kernel oils, shea butter, water, lemongrass essential oil.',
    benefits: 'Cleans without stripping skin of its natural oils.',
    howToUse: 'Lather with water and rinse. Keep on a draining dish between uses so it lasts longer.',
    art: { shape: 'soap', colour: '#c89a63', label: 'Mungongo Soap' },
  },
  {
    name: 'Marula & Charcoal Soap Bar',
    sku: 'BDY-SOP-CHA',
    category: 'body-care',
    price: 50,
    size: '120 g',
    countInStock: 70,
    description:
      'A deep-cleansing black soap with activated charcoal from marula shells and a little tea tree. Popular with teenagers and with anyone who works outside in the dust.',
    ingredients: 'Saponified coconut and marula oils, shea butter, activated charcoal, tea tree essential oil.',
    benefits: 'Draws out dirt and excess oil and leaves skin feeling fresh.',
    howToUse: 'Use morning or evening on face and body. Rinse well.',
    art: { shape: 'soap', colour: '#3d3a36', label: 'Charcoal Soap' },
    reviews: [{ by: 2, rating: 4, comment: 'My son uses it for his face and his skin has cleared a lot.' }],
  },
  {
    name: 'Baobab Sugar Body Scrub 250 g',
    sku: 'BDY-SCR-250',
    category: 'body-care',
    price: 135,
    size: '250 g',
    countInStock: 22,
    description:
      'Brown cane sugar from Mazabuka mixed with baobab oil and ground baobab pulp. Scrub away dry, grey skin in the shower and step out polished and soft.',
    ingredients: 'Cane sugar, baobab seed oil, mungongo kernel oil, baobab fruit powder, vitamin E.',
    benefits: 'Exfoliates gently while the oils moisturise.',
    howToUse: 'On wet skin, massage a handful in circles, then rinse. Use two or three times a week.',
    art: { shape: 'jar', colour: '#a86b3c', label: 'Body Scrub' },
  },
  {
    name: 'Mungongo Body Lotion 250 ml',
    sku: 'LOT-MUN-250',
    category: 'lotion',
    price: 140,
    size: '250 ml',
    countInStock: 50,
    isFeatured: true,
    description:
      'Our best-selling everyday lotion, made with mungongo oil and aloe. Light enough for hot afternoons, rich enough for dry skin, and gentle enough for the whole family.',
    ingredients:
      'Aloe vera juice, water, mungongo kernel oil, shea butter, glycerine, emulsifying wax, vitamin E, mild preservative.',
    benefits: 'Quick-absorbing daily moisture that keeps skin soft and smooth for hours.',
    howToUse: 'Smooth over the body after bathing or whenever skin feels dry.',
    art: { shape: 'pump', colour: '#b8651f', label: 'Mungongo Lotion', views: 3 },
    reviews: [
      { by: 0, rating: 5, comment: 'Our whole house uses this now. The pump bottle is practical.' },
      { by: 5, rating: 4, comment: 'Nice light lotion for everyday.' },
    ],
  },
  {
    name: 'Mungongo Body Lotion 500 ml',
    sku: 'LOT-MUN-500',
    category: 'lotion',
    price: 245,
    size: '500 ml',
    countInStock: 20,
    description:
      'The family size of our mungongo body lotion: the same light, aloe-rich formula in a big pump bottle that sits on the bathroom shelf for months.',
    ingredients:
      'Aloe vera juice, water, mungongo kernel oil, shea butter, glycerine, emulsifying wax, vitamin E, mild preservative.',
    benefits: 'Everyday moisture for the whole family at a better price per millilitre.',
    howToUse: 'Smooth over the body after bathing or whenever skin feels dry.',
    art: { shape: 'pump', colour: '#a8581a', label: 'Mungongo Lotion' },
  },
  {
    name: 'Baobab Lotion 250 ml',
    sku: 'LOT-BAO-250',
    category: 'lotion',
    price: 150,
    size: '250 ml',
    countInStock: 36,
    description:
      'A creamy lotion with baobab seed oil and baobab fruit extract, scented lightly with lemongrass. For skin that needs a little more care than usual.',
    ingredients:
      'Water, baobab seed oil, shea butter, glycerine, baobab fruit extract, emulsifying wax, lemongrass essential oil, mild preservative.',
    benefits: 'Restores softness to dry skin and helps keep it supple.',
    howToUse: 'Massage into skin morning and evening.',
    art: { shape: 'pump', colour: '#8a5a3b', label: 'Baobab Lotion', views: 2 },
    reviews: [{ by: 3, rating: 5, comment: 'The lemongrass smell is so fresh. Lovely.' }],
  },
  {
    name: 'Marula Hand Lotion 100 ml',
    sku: 'LOT-HND-100',
    category: 'lotion',
    price: 80,
    size: '100 ml',
    countInStock: 64,
    description:
      'A non-greasy hand lotion with marula oil for hands that work hard in the garden, the kitchen and the market. Small enough for a handbag.',
    ingredients: 'Water, marula kernel oil, glycerine, shea butter, emulsifying wax, vitamin E, mild preservative.',
    benefits: 'Softens rough hands and cuticles and absorbs in seconds.',
    howToUse: 'Rub into hands as often as needed.',
    art: { shape: 'pump', colour: '#c9962e', label: 'Hand Lotion' },
  },
  {
    name: 'Forest Gold Discovery Set',
    sku: 'GFT-DSC-001',
    category: 'gift-sets',
    price: 360,
    countInStock: 15,
    description:
      'Meet the forest in one box: mungongo oil 30 ml, marula face oil 30 ml, a honey lip balm and a mungongo soap bar, wrapped in printed chitenge cloth.',
    ingredients: 'Mungongo Oil 30 ml, Marula Face Oil 30 ml, Honey & Mungongo Lip Balm 10 g, Mungongo Soap Bar 120 g.',
    benefits: "A thoughtful introduction to the cooperative's products, and a good first gift.",
    howToUse: "See each product's label for use.",
    art: { shape: 'box', colour: '#7b2d26', label: 'Discovery Set', views: 2 },
    reviews: [{ by: 4, rating: 5, comment: 'Gave it to my mother. The chitenge wrapping made her smile.' }],
  },
  {
    name: 'The Mungongo Ritual Gift Box',
    sku: 'GFT-RIT-001',
    category: 'gift-sets',
    price: 560,
    countInStock: 10,
    isFeatured: true,
    description:
      "Our complete mungongo ritual: oil 100 ml, body lotion 250 ml, healing balm and body butter, in a hand-woven basket made by the cooperative's elders. Ships free.",
    ingredients:
      'Mungongo Oil 100 ml, Mungongo Body Lotion 250 ml, Mungongo Healing Balm 50 g, Mungongo Shea Body Butter 200 ml.',
    benefits: "Head-to-toe care and a special present that supports women's livelihoods in Southern Province.",
    howToUse: "See each product's label for use.",
    art: { shape: 'box', colour: '#5a3a1a', label: 'Mungongo Ritual', views: 3 },
    reviews: [{ by: 1, rating: 5, comment: 'Worth every ngwee. The basket alone is beautiful.' }],
  },
  {
    name: 'Pamper Hamper for Her',
    sku: 'GFT-PAM-001',
    category: 'gift-sets',
    price: 750,
    countInStock: 6,
    description:
      "Our largest gift: face serum, night cream, body butter, body scrub, baobab lotion and two soaps, packed in a woven basket with dried flowers. Made to order for birthdays, weddings and Mother's Day.",
    ingredients:
      'Mungongo & Marula Face Serum 30 ml, Baobab Night Cream 50 ml, Mungongo Shea Body Butter 200 ml, Baobab Sugar Body Scrub 250 g, Baobab Lotion 250 ml, two soap bars.',
    benefits: 'A full spa day at home, and a gift that keeps on giving.',
    howToUse: "See each product's label for use.",
    art: { shape: 'box', colour: '#9c3f4a', label: 'Pamper Hamper' },
  },
  {
    name: 'Mini Travel Trio',
    sku: 'GFT-TRV-001',
    category: 'gift-sets',
    price: 195,
    countInStock: 25,
    description:
      'Three travel sizes in a cotton pouch: mungongo oil, hand lotion and lip balm. Under 100 ml each, so they go through airport security.',
    ingredients: 'Mungongo Oil 30 ml, Marula Hand Lotion 100 ml, Honey & Mungongo Lip Balm 10 g.',
    benefits: 'Everyday essentials for the road.',
    howToUse: "See each product's label for use.",
    art: { shape: 'box', colour: '#3f6b5a', label: 'Travel Trio' },
  },
  {
    name: 'Kitchen Harvest Basket',
    sku: 'GFT-KIT-001',
    category: 'gift-sets',
    price: 520,
    countInStock: 8,
    description:
      'A basket from the forest to the kitchen: mungongo cooking oil 1 l, roasted marula nuts, raw mungongo nuts and baobab fruit powder. Ships free.',
    ingredients: 'Mungongo Cooking Oil 1 l, Roasted Marula Nuts 250 g, Mungongo Nuts 500 g, Baobab Fruit Powder 250 g.',
    benefits: 'A generous, useful gift for anyone who loves to cook.',
    howToUse: "See each product's label for use.",
    art: { shape: 'box', colour: '#6b5a2a', label: 'Kitchen Harvest', views: 2 },
  },
  {
    name: 'Mungongo Cooking Oil 500 ml',
    sku: 'ESS-COK-500',
    category: 'essentials',
    price: 75,
    size: '500 ml',
    countInStock: 80,
    description:
      'Golden mungongo oil, filtered for the kitchen. A mild, nutty taste that our families have cooked with for generations: good for frying, for relish and for dressing greens.',
    ingredients: '100% mungongo (manketti) kernel oil, food grade.',
    benefits: 'A local, unrefined cooking oil rich in unsaturated fats and vitamin E.',
    howToUse: 'Use as you would any cooking oil. Store away from light, with the cap closed.',
    art: { shape: 'jug', colour: '#c9a227', label: 'Cooking Oil' },
  },
  {
    name: 'Mungongo Cooking Oil 1 l',
    sku: 'ESS-COK-1000',
    category: 'essentials',
    price: 135,
    size: '1 l',
    countInStock: 60,
    description:
      'Our kitchen oil in the family size. Filtered, unrefined mungongo oil with a mild nutty taste, pressed in the village and bottled by hand.',
    ingredients: '100% mungongo (manketti) kernel oil, food grade.',
    benefits: 'A local, unrefined cooking oil rich in unsaturated fats and vitamin E.',
    howToUse: 'Use as you would any cooking oil. Store away from light, with the cap closed.',
    art: { shape: 'jug', colour: '#b8921f', label: 'Cooking Oil', views: 2 },
    reviews: [{ by: 2, rating: 5, comment: "Beans fried in this oil taste like my grandmother's." }],
  },
  {
    name: 'Mungongo Nuts 500 g',
    sku: 'ESS-NUT-MUN',
    category: 'essentials',
    price: 60,
    size: '500 g',
    countInStock: 75,
    description:
      'Shelled mungongo kernels, gathered from fallen fruit and cracked by hand. Eat them raw or roasted, pound them into relish, or press your own oil.',
    ingredients: 'Mungongo (manketti) kernels.',
    benefits: 'A traditional source of protein, healthy fats and minerals.',
    howToUse: 'Roast in a dry pan for 5 minutes for a deeper flavour. Keep in a cool, dry place.',
    art: { shape: 'bag', colour: '#8a5a2b', label: 'Mungongo Nuts' },
  },
  {
    name: 'Roasted Marula Nuts 250 g',
    sku: 'ESS-NUT-MAR',
    category: 'essentials',
    price: 90,
    size: '250 g',
    countInStock: 45,
    isFeatured: true,
    description:
      'Marula kernels roasted over a wood fire with a pinch of salt. Small, rich and nutty, they take hours of careful cracking and are the snack our visitors ask for most.',
    ingredients: 'Marula kernels, salt.',
    benefits: 'A satisfying snack full of protein and healthy oils.',
    howToUse: 'Enjoy as they are, or scatter over salads and porridge. Reseal the bag after opening.',
    art: { shape: 'bag', colour: '#6b3e1c', label: 'Roasted Marula Nuts', views: 2 },
    reviews: [
      { by: 0, rating: 5, comment: 'Addictive. The bag was empty in two days.' },
      { by: 4, rating: 4, comment: 'Delicious, a little salty for me.' },
    ],
  },
  {
    name: 'Baobab Fruit Powder 250 g',
    sku: 'ESS-BAO-250',
    category: 'essentials',
    price: 70,
    size: '250 g',
    countInStock: 52,
    description:
      'The dry, tangy pulp of baobab fruit (mabuyu), sieved into a fine powder. Stir into porridge, juice or water for a sour, refreshing drink in the hot season.',
    ingredients: '100% baobab (Adansonia digitata) fruit pulp powder.',
    benefits: 'Naturally rich in vitamin C and fibre.',
    howToUse: 'Stir 1-2 teaspoons into a glass of water, juice or porridge.',
    art: { shape: 'bag', colour: '#e0c9a0', label: 'Baobab Powder' },
  },
];
