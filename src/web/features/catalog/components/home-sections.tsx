import ArrowRight from 'lucide-react/icons/arrow-right';
import Droplets from 'lucide-react/icons/droplets';
import Gift from 'lucide-react/icons/gift';
import HandHeart from 'lucide-react/icons/hand-heart';
import Leaf from 'lucide-react/icons/leaf';
import Sparkles from 'lucide-react/icons/sparkles';
import Trees from 'lucide-react/icons/trees';
import { Link } from '../../../lib/router';
import { CATEGORY_LABELS } from '../../../../shared/categories';
import { ButtonLink } from '../../../components/ui/button';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-forest-900 via-forest-800 to-forest-700 text-white"
    >
      <HeroLeaves />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1fr_20rem] lg:py-28">
        <div>
          <p className="mb-5 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-honey-400 ring-1 ring-white/20">
            <Leaf size={16} aria-hidden="true" />
            100% Organic Forest Products
          </p>
          <h1 id="hero-title" className="max-w-2xl text-4xl leading-tight font-bold text-white sm:text-5xl lg:text-6xl">
            Empowering Women, Preserving Nature
          </h1>
          <p className="mt-5 max-w-xl text-lg text-sand-100">
            Skincare, oils and forest foods handmade by a women's cooperative in southern Zambia, from the seeds and
            nuts of indigenous trees, gathered by hand and pressed in our village.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/products" variant="secondary" size="lg">
              Shop Now
              <ArrowRight size={20} aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to="/about" size="lg" variant="inverse">
              Our Story
            </ButtonLink>
          </div>
        </div>
        <HeroFacts />
      </div>
    </section>
  );
}

const FACTS = [
  { value: '2022', label: 'founded by five women' },
  { value: '8', label: 'artisans own the cooperative' },
  { value: '100%', label: 'wild-harvested, no tree cut' },
];

/** Wide screens only: on a phone the hero stays short so products come sooner. */
function HeroFacts() {
  return (
    <dl className="hidden rounded-3xl bg-forest-900/60 p-8 ring-1 ring-white/15 backdrop-blur-sm lg:block">
      {FACTS.map((fact) => (
        <div
          key={fact.value}
          className="flex flex-col-reverse border-b border-white/10 py-4 first:pt-0 last:border-0 last:pb-0"
        >
          <dt className="text-sand-100">{fact.label}</dt>
          <dd className="font-serif text-4xl font-bold text-honey-400">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Drawn, not downloaded: a few hundred bytes of SVG instead of a hero photo on a costly line. */
function HeroLeaves() {
  return (
    <svg
      aria-hidden="true"
      className="absolute -right-20 -bottom-16 h-96 w-96 text-forest-600 opacity-60 sm:h-[32rem] sm:w-[32rem]"
      viewBox="0 0 200 200"
      fill="none"
    >
      <path d="M100 20c45 20 70 60 62 110-25 30-70 35-100 18C40 100 55 50 100 20z" fill="currentColor" />
      <path d="M70 150c20-40 45-75 80-100" stroke="#e8b04a" strokeWidth="3" strokeLinecap="round" />
      <path d="M40 60c22 8 35 26 32 50-11 13-30 15-44 7-10-20-6-40 12-57z" fill="#36703d" />
    </svg>
  );
}

const CATEGORY_CARDS = [
  {
    category: 'skincare',
    text: 'Face oils, balms and lotions rich in mungongo and marula.',
    Icon: Sparkles,
    tint: 'from-forest-100 to-forest-50',
  },
  {
    category: 'body-care',
    text: 'Nourishing body butters and oils for sun-dried skin.',
    Icon: Droplets,
    tint: 'from-sand-200 to-sand-100',
  },
  {
    category: 'gift-sets',
    text: 'Hand-packed boxes to share the forest with someone you love.',
    Icon: Gift,
    tint: 'from-honey-400/40 to-sand-100',
  },
] as const;

export function CategoryCards() {
  return (
    <section aria-labelledby="discover-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <h2 id="discover-title" className="mb-8 text-center text-3xl font-bold">
        Discover Our Products
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {CATEGORY_CARDS.map(({ category, text, Icon, tint }) => (
          <li key={category}>
            <Link
              to={`/products?category=${category}`}
              className={`group flex h-full flex-col rounded-2xl bg-gradient-to-br ${tint} p-6 ring-1 ring-sand-200 transition-shadow hover:shadow-md`}
            >
              <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-white text-forest-700 shadow-sm">
                <Icon size={24} aria-hidden="true" />
              </span>
              <span className="font-serif text-xl font-bold text-forest-900">{CATEGORY_LABELS[category]}</span>
              <span className="mt-1 text-bark-700">{text}</span>
              <span className="mt-4 inline-flex items-center gap-1 font-semibold text-forest-800 group-hover:underline">
                Shop {CATEGORY_LABELS[category].toLowerCase()}
                <ArrowRight size={16} aria-hidden="true" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MissionSection() {
  return (
    <section aria-labelledby="mission-title" className="bg-sand-100">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="mission-title" className="mb-4 text-3xl font-bold">
            Our Mission
          </h2>
          <p className="mb-4 text-lg text-bark-700">
            Founded in 2022 by five women in a village of Zambia's Southern Province, our cooperative turns the wild
            seeds of mungongo, marula and baobab trees into pure oils and gentle skincare.
          </p>
          <p className="mb-6 text-bark-700">
            Every purchase pays a fair income to rural women and gives our community a reason to protect the forest that
            feeds it.
          </p>
          <ButtonLink to="/about" variant="outline">
            Learn More About Us
          </ButtonLink>
        </div>
        <ul className="grid gap-4">
          {[
            {
              Icon: HandHeart,
              title: 'Fair income for women',
              text: 'Artisans set prices together and share the earnings.',
            },
            { Icon: Trees, title: 'Forests kept standing', text: 'We gather fallen fruit; no tree is ever cut.' },
            { Icon: Leaf, title: 'Nothing artificial', text: 'Cold-pressed oils, no parabens, no synthetic scent.' },
          ].map(({ Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm">
              <Icon size={28} aria-hidden="true" className="shrink-0 text-forest-700" />
              <div>
                <h3 className="font-sans font-bold text-bark-900">{title}</h3>
                <p className="text-bark-700">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
