import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { cleanup, render, screen } from '@testing-library/react';
import ContactForm from './ContactForm';

const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' });

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('ContactForm', () => {
  it('cannot be sent from its server HTML, where the browser would reload the page with the message in its address', () => {
    document.body.innerHTML = renderToString(<ContactForm />);
    expect(sendButton().disabled).toBe(true);
  });

  it('can be sent once hydrated', () => {
    render(<ContactForm />);
    expect(sendButton().disabled).toBe(false);
  });
});
