import { ecosystemMonthlyPrice } from '../payments/catalogue/payments-catalogue.service';
import type { EcosystemDto } from './dto/ecosystem.dto';
import type { Ecosystem } from './entities/ecosystem.entity';

export function toEcosystemDto(ecosystem: Ecosystem): EcosystemDto {
  return {
    id: ecosystem.id,
    name: ecosystem.name,
    description: ecosystem.description,
    category: ecosystem.category,
    agentIds: ecosystem.agentIds ?? [],
    avatar: ecosystem.avatar,
    price: Number(ecosystem.price),
    discount: Number(ecosystem.discount),
    monthlyPrice: ecosystemMonthlyPrice(Number(ecosystem.price), Number(ecosystem.discount)),
    createdBy: ecosystem.createdBy,
    creatorId: ecosystem.ownerSub ?? null,
    isPublic: ecosystem.isPublic,
    priceId: ecosystem.priceId ?? null,
    createdAt: ecosystem.createdAt.toISOString(),
    updatedAt: ecosystem.updatedAt.toISOString(),
    tags: ecosystem.tags ?? [],
    featured: ecosystem.featured,
    popularity: ecosystem.popularity,
    rating: 0,
    ratingCount: 0,
  };
}
