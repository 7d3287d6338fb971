import { Link } from 'react-router-dom';
import { footerLinks } from '../app/navigation';
import { pathTo } from '../app/routes';
import { ui } from '../i18n/messages';
import { Logo } from './Icons';
import { LinkItems } from './LinkItems';

const footerLink = 'text-stone-700 hover:text-brand-800 hover:underline';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_3fr] lg:px-8">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-stone-600">{ui.shell.footerBlurb}</p>
          <p className="mt-3 text-sm text-stone-600">{ui.shell.footerAddress}</p>
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <nav aria-label={ui.shell.footerNav}>
            <ul className="grid gap-2 text-sm">
              <LinkItems items={footerLinks()} className={footerLink} />
            </ul>
          </nav>
          <ul className="grid content-start gap-2 text-sm">
            <li>
              <Link to={pathTo('BuyerSignupPage')} className={footerLink}>
                {ui.landing.heroCta}
              </Link>
            </li>
            <li>
              <Link to={pathTo('SupplierSignupPage')} className={footerLink}>
                {ui.shell.sellOnCaskade}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-stone-100">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-stone-600 sm:px-6 lg:px-8">{ui.shell.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
