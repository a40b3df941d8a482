import Star from 'lucide-react/icons/star';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import type { ReviewInput } from '../../../../shared/schemas/products';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';

const RATINGS = [1, 2, 3, 4, 5];

/**
 * A customer who bought the product may review it once; the server checks both and answers
 * 403/409 with its reason, which the query client shows as a toast.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [ratingMissing, setRatingMissing] = useState(false);
  const submit = useMutation({
    mutationFn: (review: ReviewInput) =>
      apiRequest<unknown, ReviewInput>(`/products/${encodeURIComponent(productId)}/reviews`, {
        method: 'POST',
        body: review,
      }),
    onSuccess: async () => {
      toast.success('Thank you for your review!');
      setRating(0);
      setComment('');
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });

  if (!isAuthenticated) {
    return (
      <p className="mt-6 text-bark-700">
        <Link to="/login" className="font-semibold text-forest-800 underline underline-offset-4">
          Log in
        </Link>{' '}
        to review a product you have bought.
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setRatingMissing(true);
      return;
    }
    submit.mutate({ rating, comment: comment.trim() });
  };

  return (
    <form
      onSubmit={onSubmit}
      className="mt-8 space-y-4 rounded-2xl border border-sand-200 bg-white p-5"
      aria-labelledby="review-form-title"
    >
      <h2 id="review-form-title" className="text-xl font-bold">
        Write a Review
      </h2>
      <fieldset aria-describedby={ratingMissing ? 'rating-error' : undefined}>
        <legend className="mb-1 text-sm font-semibold text-bark-900">Your rating</legend>
        <div className="flex gap-1">
          {RATINGS.map((value) => (
            <label key={value} className="relative">
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setRatingMissing(false);
                }}
                // Transparent but on top of the star: taps and clicks land on the real control.
                className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
              />
              <span className="flex h-11 w-11 items-center justify-center rounded-full peer-focus-visible:outline-3 peer-focus-visible:outline-honey-500">
                <Star
                  size={28}
                  aria-hidden="true"
                  className={value <= rating ? 'fill-honey-500 text-honey-500' : 'text-bark-500'}
                />
              </span>
              <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
            </label>
          ))}
        </div>
        {ratingMissing && (
          <p id="rating-error" className="mt-1 text-sm font-medium text-red-800">
            Please choose a rating
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Your review"
        rows={4}
        required
        maxLength={2000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit Review'}
      </Button>
    </form>
  );
}
