// The automatic rules that flag listings asking for money or offering shipping, on the wording
// such listings use in Colombia, and on honest listings that must not be flagged.
import { describe, expect, it } from 'vitest';
import { textFlagDetails, textFlags } from '../../src/server/moderation/flags';

const reasons = (text: string) => textFlags(text).map((f) => f.reason);

describe('listing text flags', () => {
  it.each([
    [
      'Hermosos cachorros Golden en adopción, solo pagas el transporte por Nequi',
      ['asks_money', 'shipping'],
    ],
    [
      'Lindos Yorkie, se entregan con carnet. Envío a todo el país, consignación previa',
      ['asks_money', 'shipping'],
    ],
    ['Bulldog francés en adopción, aporte de $350.000 para vacunas', ['asks_money']],
    ['Precio especial: 150 mil pesos, pago por Daviplata', ['asks_money']],
    ['Se vende cachorro criollo muy juguetón', ['asks_money']],
    ['Venta de Husky siberiano, ojos azules', ['asks_money']],
    [
      'Pomerania mini, 120k y te lo mandamos, el transporte corre por tu cuenta',
      ['asks_money', 'shipping'],
    ],
    ['Entrega inmediata, hacemos envíos a Bogotá y Medellín', ['shipping']],
    ['Cachorra shih tzu, separa con un anticipo por transferencia', ['asks_money']],
    ['Adopción con cuota de recuperación de COP 80.000', ['asks_money']],
  ])('flags %j', (text, expected) => {
    expect(reasons(text)).toEqual(expected);
  });

  it.each([
    'Luna está esterilizada, vacunada, sin costo. Busca un hogar responsable en Cali.',
    'Toby tiene 3 años, pesa 12 kg y le encanta jugar con niños.',
    'No es venta: es adopción responsable, con seguimiento y contrato de adopción.',
    'Adopción gratuita. No hacemos envíos, ven a conocerla a la comuna 17.',
    'Rescatada en la vía a Jamundí, tiene 2 vacunas y está desparasitada.',
    'Sin transporte: debes venir por ella. Adopción sin ningún costo.',
    'Mil gracias a quienes ayudaron a rescatarlo. Ya está sano y listo para una familia.',
    'Cachorro de 4 meses, tamaño mediano, convive con gatos.',
  ])('does not flag %j', (text) => {
    expect(textFlags(text)).toEqual([]);
  });

  it('names what it found, in the text as written', () => {
    const [money] = textFlags('Transporte pago por Nequi: $150.000');
    expect(money?.reason).toBe('asks_money');
    expect(money?.matches).toEqual(['Nequi', '$150.000']);
    expect(textFlagDetails(money!)).toBe(
      'Detección automática: el texto parece pedir dinero («Nequi», «$150.000»).',
    );
  });
});
