import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { SocialLinks } from '../../components/ui/social-links';
import { useShopSettings } from '../../lib/shop-settings';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ContactForm } from './contact-form';
import { Faq, MapCard } from './contact-extras';

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-800">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="font-sans font-bold text-bark-900">{title}</h3>
        <div className="break-words text-bark-700">{children}</div>
      </div>
    </li>
  );
}

export function ContactPage() {
  useDocumentTitle('Contact Us');
  const { data: settings } = useShopSettings();
  return (
    <>
      <div className="bg-forest-800">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="text-4xl font-bold text-white sm:text-5xl">Contact Us</h1>
          <p className="mt-3 max-w-2xl text-lg text-sand-100">
            Questions about a product, an order or wholesale? We would love to hear from you.
          </p>
        </div>
      </div>
      {/* Phones read details, then the form, then the map; wide screens put the form beside both. */}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="details-title" className="lg:col-start-1 lg:row-start-1">
          <h2 id="details-title" className="mb-5 text-2xl font-bold">
            Get in Touch
          </h2>
          {settings ? (
            <ul className="space-y-5">
              <Detail icon={<Mail size={20} aria-hidden="true" />} title="Email">
                <a href={`mailto:${settings.email}`} className="underline-offset-4 hover:underline">
                  {settings.email}
                </a>
              </Detail>
              <Detail icon={<Phone size={20} aria-hidden="true" />} title="Phone">
                <a href={`tel:${settings.phone.replace(/\s+/g, '')}`} className="underline-offset-4 hover:underline">
                  {settings.phone}
                </a>
              </Detail>
              <Detail icon={<MapPin size={20} aria-hidden="true" />} title="Address">
                <address className="not-italic">{settings.address}</address>
              </Detail>
            </ul>
          ) : (
            <p className="text-bark-700">Our contact details could not be loaded. Please use the form.</p>
          )}
          <h3 className="mt-8 mb-3 font-sans font-bold text-bark-900">Follow Us</h3>
          <SocialLinks settings={settings} tone="dark" />
        </section>
        <div className="rounded-3xl border border-sand-200 bg-white p-6 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <ContactForm />
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <MapCard />
        </div>
      </div>
      <div className="px-4 pb-16 sm:px-6">
        <Faq />
      </div>
    </>
  );
}
