/** A simple shield emblem (decorative: the county name beside it is the text). */
export function Emblem({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 4 56 14v18c0 14-10 24-24 28C18 56 8 46 8 32V14Z" fill="#fff" />
      <path d="M32 11 50 18.5v13.5c0 10.5-7.5 18-18 21.5-10.5-3.5-18-11-18-21.5V18.5Z" fill="#0b6b3a" />
      <path d="M20 34h24M20 28h24" stroke="#fff" strokeWidth="3" />
      <path d="M22 22h20l-2 0" stroke="#b42318" strokeWidth="3" />
    </svg>
  );
}
