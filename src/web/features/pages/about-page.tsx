import Award from 'lucide-react/icons/award';
import HandHeart from 'lucide-react/icons/hand-heart';
import MapPin from 'lucide-react/icons/map-pin';
import Recycle from 'lucide-react/icons/recycle';
import UserRound from 'lucide-react/icons/user-round';
import Users from 'lucide-react/icons/users';
import { ButtonLink } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { JOURNEY, TEAM_ROLES, VALUES } from './about-content';

const VALUE_ICONS = { Sustainability: Recycle, Community: Users, Quality: Award, Empowerment: HandHeart } as const;

function Section({
  id,
  title,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  tinted?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-20 ${tinted ? 'bg-sand-100' : ''}`}>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id={`${id}-title`} className="mb-6 text-3xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <>
      <div className="bg-forest-800 text-white">
        <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold text-white sm:text-5xl">About Our Cooperative</h1>
          <p className="mt-4 max-w-2xl text-lg text-sand-100">
            Empowering Women, Preserving Nature: women of southern Zambia, working with the forest since 2022.
          </p>
        </div>
      </div>

      <Section id="story" title="Our Story">
        <div className="space-y-4 text-lg text-bark-700">
          <p>
            In 2022 five women from a village in a southern district of Zambia started meeting under a mungongo tree to
            crack its hard nuts and press the golden oil their grandmothers used on skin and hair.
          </p>
          <p>
            What began as a way to earn a little income together has grown into a registered cooperative making oils,
            lotions, balms, gift sets and forest foods, all from the indigenous trees around us.
          </p>
        </div>
      </Section>

      <Section id="mission" title="Our Mission" tinted>
        <p className="text-lg text-bark-700">
          To give rural women a fair and lasting income from the forest while keeping that forest standing: every bottle
          pays an artisan, and every harvest is a reason to protect the trees rather than cut them for charcoal.
        </p>
      </Section>

      <Section id="location" title="Our Location">
        <p className="flex gap-3 text-lg text-bark-700">
          <MapPin size={24} aria-hidden="true" className="mt-1 shrink-0 text-forest-700" />
          We work from a village in a southern district of Zambia's Southern Province, where mungongo, marula and baobab
          trees grow wild in the woodland.
        </p>
      </Section>

      <Section id="values" title="Our Values" tinted>
        <ul className="grid gap-4 sm:grid-cols-2">
          {VALUES.map(({ title, text }) => {
            const Icon = VALUE_ICONS[title];
            return (
              <li key={title} className="rounded-2xl bg-white p-6 shadow-sm">
                <Icon size={28} aria-hidden="true" className="mb-3 text-forest-700" />
                <h3 className="mb-1 text-xl font-bold">{title}</h3>
                <p className="text-bark-700">{text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="journey" title="Our Journey">
        <ol className="relative space-y-8 border-l-4 border-forest-200 pl-6">
          {JOURNEY.map((step) => (
            <li key={step.year} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[2.2rem] h-5 w-5 rounded-full border-4 border-white bg-honey-500"
              />
              <p className="font-serif text-2xl font-bold text-honey-700">{step.year}</p>
              <h3 className="text-xl font-bold">{step.title}</h3>
              <p className="text-bark-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="team" title="Our Team" tinted>
        <p className="mb-6 text-bark-700">Eight women run the cooperative together.</p>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {TEAM_ROLES.map((role) => (
            <li key={role} className="flex flex-col items-center rounded-2xl bg-white p-5 text-center shadow-sm">
              <span className="mb-3 flex h-16 w-16 items-center justify-center rounded-full bg-forest-100 text-forest-700">
                <UserRound size={32} aria-hidden="true" />
              </span>
              <span className="font-semibold text-bark-900">{role}</span>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-5xl px-4 py-14 text-center sm:px-6">
        <h2 id="cta-title" className="mb-3 text-3xl font-bold">
          Support Our Work
        </h2>
        <p className="mx-auto mb-6 max-w-xl text-bark-700">
          Every order supports women artisans and the forest they protect.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to="/products" size="lg">
            Shop Our Products
          </ButtonLink>
          <ButtonLink to="/contact" variant="outline" size="lg">
            Contact Us
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
