import { signedIn } from '../../../auth/routes';

const admin = signedIn({ roles: ['admin'] });
const open = { auth: false } as const;

// /certificates/me and /certificates/verify/… are declared before /certificates/:slug, which would catch them.
export default {
  routes: [
    { method: 'GET', path: '/certificates/me', handler: 'certificate.mine', config: signedIn() },
    { method: 'GET', path: '/certificates/verify/:code', handler: 'certificate.verify', config: open },
    { method: 'GET', path: '/certificates/:slug/pdf', handler: 'certificate.pdf', config: open },
    { method: 'GET', path: '/certificates/:slug', handler: 'certificate.view', config: open },
    { method: 'GET', path: '/admin/certificates', handler: 'certificate.list', config: admin },
    { method: 'GET', path: '/admin/certificates/preview', handler: 'certificate.preview', config: admin },
    { method: 'GET', path: '/admin/certificates/preview/pdf', handler: 'certificate.previewPdf', config: admin },
    { method: 'POST', path: '/admin/certificates/issue', handler: 'certificate.issue', config: admin },
    { method: 'POST', path: '/admin/certificates/:slug/reissue', handler: 'certificate.reissue', config: admin },
  ],
};
