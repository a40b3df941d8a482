import type { Category } from '../../shared/categories';
import type { ArtShape } from './product-art';

/**
 * Words for the generated benchmark catalogue: the cooperative's real product lines crossed with
 * ingredients, scents and sizes, so names repeat the way a real catalogue's do and a keyword
 * search finds some products but not all.
 */
export interface ProductLine {
  stem: string;
  category: Category;
  shape: ArtShape;
  sizes: string[];
  /** Kwacha for the smallest size; larger sizes cost proportionally more. */
  basePrice: number;
  process: string;
}

export const PRODUCT_LINES: ProductLine[] = [
  {
    stem: 'Oil',
    category: 'oil',
    shape: 'dropper',
    sizes: ['30 ml', '50 ml', '100 ml', '200 ml'],
    basePrice: 80,
    process: 'cold-pressed in small batches from hand-cracked kernels',
  },
  {
    stem: 'Hair & Scalp Oil',
    category: 'oil',
    shape: 'bottle',
    sizes: ['50 ml', '100 ml', '250 ml'],
    basePrice: 110,
    process: 'blended by hand from three forest oils',
  },
  {
    stem: 'Massage Oil',
    category: 'oil',
    shape: 'bottle',
    sizes: ['100 ml', '250 ml'],
    basePrice: 140,
    process: 'infused for two weeks with dried herbs',
  },
  {
    stem: 'Baby Oil',
    category: 'oil',
    shape: 'bottle',
    sizes: ['100 ml', '200 ml'],
    basePrice: 95,
    process: 'filtered twice for the most delicate skin',
  },
  {
    stem: 'Face Serum',
    category: 'skincare',
    shape: 'dropper',
    sizes: ['15 ml', '30 ml'],
    basePrice: 150,
    process: 'mixed in batches of forty bottles so each is fresh',
  },
  {
    stem: 'Lip Balm',
    category: 'skincare',
    shape: 'tin',
    sizes: ['10 g', '15 g'],
    basePrice: 30,
    process: 'poured by hand into small tins',
  },
  {
    stem: 'Healing Balm',
    category: 'skincare',
    shape: 'tin',
    sizes: ['50 g', '100 g'],
    basePrice: 85,
    process: 'slowly melted with beeswax from forest-edge hives',
  },
  {
    stem: 'Night Cream',
    category: 'skincare',
    shape: 'jar',
    sizes: ['50 ml', '100 ml'],
    basePrice: 150,
    process: 'whipped into a soft cream with aloe',
  },
  {
    stem: 'Day Moisturiser',
    category: 'skincare',
    shape: 'jar',
    sizes: ['50 ml', '100 ml'],
    basePrice: 140,
    process: 'made light enough for the hot season',
  },
  {
    stem: 'Clay Face Mask',
    category: 'skincare',
    shape: 'jar',
    sizes: ['100 g'],
    basePrice: 120,
    process: 'mixed with river clay dried in the sun',
  },
  {
    stem: 'Body Butter',
    category: 'body-care',
    shape: 'jar',
    sizes: ['100 ml', '200 ml', '400 ml'],
    basePrice: 110,
    process: 'whipped by hand until light and airy',
  },
  {
    stem: 'Soap Bar',
    category: 'body-care',
    shape: 'soap',
    sizes: ['100 g', '120 g', '200 g'],
    basePrice: 40,
    process: 'cold-processed and cured for six weeks on wooden racks',
  },
  {
    stem: 'Sugar Scrub',
    category: 'body-care',
    shape: 'jar',
    sizes: ['250 g', '500 g'],
    basePrice: 120,
    process: 'mixed with brown cane sugar from Mazabuka',
  },
  {
    stem: 'Foot Balm',
    category: 'body-care',
    shape: 'tin',
    sizes: ['50 g', '100 g'],
    basePrice: 70,
    process: 'made thick for cracked heels',
  },
  {
    stem: 'Bath Salts',
    category: 'body-care',
    shape: 'bag',
    sizes: ['250 g', '500 g'],
    basePrice: 65,
    process: 'blended with dried flowers from the village gardens',
  },
  {
    stem: 'Body Lotion',
    category: 'lotion',
    shape: 'pump',
    sizes: ['250 ml', '500 ml'],
    basePrice: 130,
    process: 'emulsified with aloe juice in small batches',
  },
  {
    stem: 'Hand Lotion',
    category: 'lotion',
    shape: 'pump',
    sizes: ['50 ml', '100 ml'],
    basePrice: 60,
    process: 'made to absorb in seconds',
  },
  {
    stem: 'Baby Lotion',
    category: 'lotion',
    shape: 'pump',
    sizes: ['150 ml', '250 ml'],
    basePrice: 110,
    process: 'made without perfume for babies and sensitive skin',
  },
  {
    stem: 'After-Sun Lotion',
    category: 'lotion',
    shape: 'pump',
    sizes: ['150 ml', '250 ml'],
    basePrice: 120,
    process: 'cooled with aloe and cucumber',
  },
  {
    stem: 'Gift Box',
    category: 'gift-sets',
    shape: 'box',
    sizes: [],
    basePrice: 320,
    process: 'packed by hand in printed chitenge cloth',
  },
  {
    stem: 'Pamper Hamper',
    category: 'gift-sets',
    shape: 'box',
    sizes: [],
    basePrice: 620,
    process: 'arranged in a basket woven by the cooperative elders',
  },
  {
    stem: 'Travel Set',
    category: 'gift-sets',
    shape: 'box',
    sizes: [],
    basePrice: 180,
    process: 'packed in a cotton pouch',
  },
  {
    stem: 'Cooking Oil',
    category: 'essentials',
    shape: 'jug',
    sizes: ['500 ml', '1 l', '2 l'],
    basePrice: 70,
    process: 'filtered for the kitchen, unrefined',
  },
  {
    stem: 'Nuts',
    category: 'essentials',
    shape: 'bag',
    sizes: ['250 g', '500 g', '1 kg'],
    basePrice: 55,
    process: 'gathered from fallen fruit and cracked by hand',
  },
  {
    stem: 'Nut Butter',
    category: 'essentials',
    shape: 'jar',
    sizes: ['250 g', '400 g'],
    basePrice: 75,
    process: 'stone-ground from roasted kernels',
  },
  {
    stem: 'Fruit Powder',
    category: 'essentials',
    shape: 'bag',
    sizes: ['250 g', '500 g'],
    basePrice: 65,
    process: 'sieved from the dry pulp of the fruit',
  },
];

export const INGREDIENTS = [
  'Mungongo',
  'Marula',
  'Baobab',
  'Shea',
  'Moringa',
  'Manketti',
  'Mongongo & Honey',
  'Wild Honey',
];
export const SCENTS = [
  'Unscented',
  'Lemongrass',
  'Vanilla',
  'Wild Orange',
  'Rose Geranium',
  'Ginger',
  'Mint',
  'Frangipani',
  'Sandalwood',
  'Coconut',
  'Lavender',
  'Rooibos',
];
export const KITCHEN_WORDS = [
  'Wood-Roasted',
  'Raw',
  'Salted',
  'Unrefined',
  'Village',
  'Stone-Ground',
  'Organic',
  'Sun-Dried',
];
export const OCCASIONS = [
  "Mother's Day",
  'Birthday',
  'Christmas',
  'Wedding',
  'Thank You',
  'New Baby',
  'Self-Care',
  'Dry Season',
];

export const BENEFITS: Record<Category, string[]> = {
  oil: [
    'It softens dry skin and calms it after sun and wind.',
    'A few drops tame frizz and add a soft shine to braids and twists.',
    'Rich in vitamin E and fatty acids that help skin hold its moisture.',
  ],
  skincare: [
    'It brings a healthy glow back to tired, dull skin.',
    'Gentle enough for sensitive skin and the delicate area around the eyes.',
    'It protects lips and cheeks from the cold winds of June and July.',
  ],
  'body-care': [
    'It leaves skin smooth, soft and lightly scented.',
    'It cleans without stripping the skin of its natural oils.',
    'Rough knees, elbows and heels feel new after a week.',
  ],
  lotion: [
    'Light enough for hot afternoons and rich enough for dry skin.',
    'It absorbs quickly and never feels sticky.',
    'A daily moisture the whole family can share.',
  ],
  'gift-sets': [
    "A thoughtful present that supports women's livelihoods in Southern Province.",
    'A full spa day at home, ready to give.',
    'Every item inside is made by hand in our village.',
  ],
  essentials: [
    'A traditional source of protein, healthy fats and minerals.',
    'Good for frying, for relish and for dressing greens.',
    'Naturally rich in vitamin C and fibre.',
  ],
};

export const CLOSINGS = [
  'Every purchase pays a fair price to the women who gather the nuts.',
  'Packed in recyclable glass and paper; no plastic where we can avoid it.',
  'Made in a village in a southern district of Zambia, where the forest is protected by the people who use it.',
  'Store in a cool, dark place and use within twelve months of opening.',
  'Harvested sustainably: we only collect fruit that has already fallen.',
];

export const FIRST_NAMES = [
  'Chipo',
  'Mutinta',
  'Natasha',
  'Luyando',
  'Mwila',
  'Thandiwe',
  'Choolwe',
  'Mapalo',
  'Bupe',
  'Namwinga',
  'Chilufya',
  'Nchimunya',
  'Kasonde',
  'Taonga',
  'Mulenga',
  'Inonge',
  'Misozi',
  'Chanda',
  'Lweendo',
  'Hope',
  'Grace',
  'Precious',
  'Mercy',
  'Joseph',
];
export const STREETS = [
  'Manketti Close',
  'Baobab Crescent',
  'Marula Way',
  'Mopane Road',
  'Msasa Avenue',
  'Mukwa Street',
  'Forest Lane',
  'Kraal Road',
];
export const TOWNS = ['Choma', 'Livingstone', 'Mazabuka', 'Monze', 'Kalomo'];
