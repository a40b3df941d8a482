import MessageCircle from 'lucide-react/icons/message-circle';
import { whatsappLink } from '../../../shared/whatsapp';
import { useShopSettings } from '../../lib/shop-settings';

/**
 * "Order on WhatsApp": a quiet link under a page's main button, opening the co-op's chat with the order
 * written out. Shown only when the back office has a WhatsApp number. `message` gets the shop's name.
 */
export function OrderOnWhatsApp({
  message,
  className = '',
}: {
  message: (shopName: string) => string;
  className?: string;
}) {
  const { data: settings } = useShopSettings();
  const href = settings ? whatsappLink(settings.whatsappNumber ?? '', message(settings.shopName)) : null;
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex min-h-11 items-center gap-2 font-semibold text-forest-800 underline underline-offset-4 hover:text-forest-900 ${className}`}
    >
      <MessageCircle size={20} aria-hidden="true" />
      Order on WhatsApp
      <span className="sr-only">(opens WhatsApp)</span>
    </a>
  );
}
