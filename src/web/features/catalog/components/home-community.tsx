import Quote from 'lucide-react/icons/quote';
import { useId, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';

const TESTIMONIALS = [
  {
    quote: 'The mungongo oil has done wonders for my dry skin in the cold season. It feels good to know who made it.',
    author: 'Mutinta',
    location: 'Lusaka',
  },
  {
    quote: 'I ordered a gift set for my mother. Beautifully packed, and it arrived in Livingstone in three days.',
    author: 'Chanda',
    location: 'Livingstone',
  },
  {
    quote: 'Pure, simple products from women in our own province. The baobab lotion is now a family favourite.',
    author: 'Natasha',
    location: 'Choma',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-forest-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="testimonials-title" className="mb-8 text-center text-3xl font-bold">
          What Our Customers Say
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.author}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
                <Quote size={28} aria-hidden="true" className="mb-3 text-honey-500" />
                <blockquote className="flex-1 text-bark-700">
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className="mt-4">
                  <span className="block font-bold text-bark-900">{item.author}</span>
                  <span className="text-sm text-bark-600">{item.location}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** SPEC §2: no call is made and nothing visible happens on Subscribe. */
export function Newsletter() {
  const inputId = useId();
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <section aria-labelledby="newsletter-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="rounded-3xl bg-forest-800 px-6 py-10 text-center text-white sm:px-12">
        <h2 id="newsletter-title" className="mb-2 text-3xl font-bold text-white">
          Join Our Community
        </h2>
        <p className="mx-auto mb-6 max-w-xl text-sand-100">
          News from the cooperative, new harvests and seasonal gift sets, a few times a year.
        </p>
        <form onSubmit={onSubmit} className="mx-auto flex max-w-md flex-col gap-3 sm:flex-row">
          <label htmlFor={inputId} className="sr-only">
            Email address
          </label>
          <input
            id={inputId}
            type="email"
            placeholder="Your email address"
            autoComplete="email"
            className="min-h-12 flex-1 rounded-full border-2 border-transparent bg-white px-5 text-bark-900 placeholder:text-bark-500"
          />
          <Button type="submit" variant="secondary" size="lg">
            Subscribe
          </Button>
        </form>
      </div>
    </section>
  );
}
