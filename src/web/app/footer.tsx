import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { Link } from '../lib/router';
import { LogoMark } from '../components/ui/logo';
import { SocialLinks } from '../components/ui/social-links';
import { FALLBACK_SHOP_NAME, useShopSettings } from '../lib/shop-settings';

const SHOP_LINKS = [
  { to: '/products', label: 'All Products' },
  { to: '/products?category=skincare', label: 'Skincare' },
  { to: '/products?category=body-care', label: 'Body Care' },
  { to: '/products?category=gift-sets', label: 'Gift Sets' },
];

const COMPANY_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/about#mission', label: 'Our Mission' },
  { to: '/about#team', label: 'Our Team' },
  { to: '/contact', label: 'Contact' },
];

// 44 px tall: a thumb's target (WCAG 2.5.5), as the rows were already spaced.
const linkClass = 'inline-flex min-h-11 items-center text-sand-100 underline-offset-4 hover:text-white hover:underline';

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 font-sans text-sm font-bold tracking-wider text-honey-400 uppercase">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { data: settings } = useShopSettings();
  const shopName = settings?.shopName ?? FALLBACK_SHOP_NAME;
  return (
    <footer className="bg-forest-900 text-sand-100">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="mb-3 inline-flex min-h-11 items-center gap-2 rounded-lg">
            <LogoMark size={36} />
            <span className="font-serif text-lg font-bold text-white">{shopName}</span>
          </Link>
          <p className="text-sand-200">
            Organic skincare, oils and forest foods, handmade by a women's cooperative in southern Zambia from the seeds
            and nuts of indigenous trees.
          </p>
        </div>
        <LinkColumn title="Shop" links={SHOP_LINKS} />
        <LinkColumn title="Company" links={COMPANY_LINKS} />
        <div className="col-span-2 lg:col-span-1">
          <h2 className="mb-3 font-sans text-sm font-bold tracking-wider text-honey-400 uppercase">Contact</h2>
          {settings && (
            <address className="space-y-1 not-italic">
              <p className="flex gap-2 py-2.5">
                <MapPin size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-honey-400" />
                <span>{settings.address}</span>
              </p>
              <p className="flex items-center gap-2">
                <Mail size={18} aria-hidden="true" className="shrink-0 text-honey-400" />
                <a
                  href={`mailto:${settings.email}`}
                  className="inline-flex min-h-11 items-center break-all underline-offset-4 hover:underline"
                >
                  {settings.email}
                </a>
              </p>
              <p className="flex items-center gap-2">
                <Phone size={18} aria-hidden="true" className="shrink-0 text-honey-400" />
                <a
                  href={`tel:${settings.phone.replace(/\s+/g, '')}`}
                  className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
                >
                  {settings.phone}
                </a>
              </p>
            </address>
          )}
          <div className="mt-4">
            <SocialLinks settings={settings} />
          </div>
        </div>
      </div>
      <div className="border-t border-forest-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-sand-200 sm:px-6">
          © {new Date().getFullYear()} {shopName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
