// Placeholder of a screen whose issue has not landed yet: its title and 'En desarrollo...', nothing else.
export function InDevelopment({ title }: { title: string }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {title}
      </h2>
      <p className="in-development">En desarrollo...</p>
    </section>
  );
}
