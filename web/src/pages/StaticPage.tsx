import { useRouteDef } from '../app/routeContext';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { STATIC_PAGES } from '../content/staticPages';

/** About, FAQ, contact, terms and privacy: one page component, copy keyed by route name. */
export default function StaticPage() {
  const route = useRouteDef();
  const content = route ? STATIC_PAGES[route.name] : undefined;
  return (
    <PageContainer width="medium">
      <PageHeading title={route?.title ?? ''} intro={content?.intro} />
      {content?.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-8 border-t border-stone-200 pt-6">
          <h2 id={`${section.id}-heading`} className="text-lg font-semibold text-stone-900">
            {section.heading}
          </h2>
          <p className="mt-2 text-stone-700">{section.body}</p>
        </section>
      ))}
    </PageContainer>
  );
}
