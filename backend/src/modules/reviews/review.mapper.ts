import type { ReviewDto } from './dto/reviews.dto';
import type { Review } from './entities/review.entity';

export function toReviewDto(review: Review): ReviewDto {
  return {
    id: review.id,
    agentId: review.agentId,
    rating: review.rating,
    comment: review.comment,
    // Both the public name: the name a user registered with is not shown to others.
    author: { username: review.authorHandle, name: review.authorHandle },
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    reply:
      review.replyText !== null && review.replyCreatedAt && review.replyUpdatedAt
        ? { text: review.replyText, createdAt: review.replyCreatedAt.toISOString(), updatedAt: review.replyUpdatedAt.toISOString() }
        : null,
  };
}
