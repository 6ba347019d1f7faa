/* Echo's small C surface over PocketSphinx for WebAssembly (built by scripts/build-pocketsphinx-wasm.sh).
 * Decoders are created without a language model; one n-gram model is read once and shared by every
 * decoder (the search retains it), so each extra concurrent decoder costs only its acoustic model and
 * dictionary. */
#include <emscripten.h>
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include "pocketsphinx_internal.h"

EMSCRIPTEN_KEEPALIVE
ps_decoder_t *echo_decoder_new(int argc, char **argv)
{
    cmd_ln_t *config = cmd_ln_parse_r(NULL, ps_args(), argc, argv, FALSE);
    if (config == NULL)
        return NULL;
    ps_decoder_t *ps = ps_init(config);
    cmd_ln_free_r(config);
    return ps;
}

EMSCRIPTEN_KEEPALIVE
ngram_model_t *echo_lm_read(ps_decoder_t *ps, const char *path)
{
    return ngram_model_read(ps_get_config(ps), path, NGRAM_AUTO, ps_get_logmath(ps));
}

EMSCRIPTEN_KEEPALIVE
int echo_decoder_use_lm(ps_decoder_t *ps, ngram_model_t *lm)
{
    if (ps_set_lm(ps, "lm", lm) < 0)
        return -1;
    return ps_set_search(ps, "lm");
}

EMSCRIPTEN_KEEPALIVE
int echo_start(ps_decoder_t *ps) { return ps_start_utt(ps); }

/* Searches up to max_frames of the frames the front end has made (ps_search_forward, at most that
 * many); returns how many are left. */
EMSCRIPTEN_KEEPALIVE
int echo_search(ps_decoder_t *ps, int max_frames)
{
    while (ps->acmod->n_feat_frame > 0 && max_frames-- > 0) {
        if (ps->pl_window > 0 && ps_search_step(ps->phone_loop, ps->acmod->output_frame) < 0)
            return -1;
        if (ps->acmod->output_frame >= ps->pl_window
            && ps_search_step(ps->search, ps->acmod->output_frame - ps->pl_window) < 0)
            return -1;
        acmod_advance(ps->acmod);
        ++ps->n_frame;
    }
    return ps->acmod->n_feat_frame;
}

/* ps_process_raw (pocketsphinx.c) in pieces: one acmod_process_raw call, which turns samples into
 * frames; returns how many samples it took, or -1. The caller then searches the frames (echo_search)
 * and feeds the rest of the samples, the same work in the same order as ps_process_raw, which
 * searches every frame right away: when the front end's voice-activity detection hears speech start,
 * it stops early and releases the ~30 frames it held back, and searching them at once held the thread
 * for 35-85 ms once per utterance (measured in Node). */
EMSCRIPTEN_KEEPALIVE
int echo_feed(ps_decoder_t *ps, const int16 *samples, int count)
{
    size_t n = (size_t) count;
    if (ps->acmod->state == ACMOD_IDLE)
        return -1;
    if (acmod_process_raw(ps->acmod, &samples, &n, FALSE) < 0)
        return -1;
    return count - (int) n;
}

/* ps_end_utt (pocketsphinx.c) in pieces, so the caller can give the thread back between them: the same
 * work in the same order, without its timers and its backtrace log. Most of its time goes to searching
 * the phone-loop lookahead window (-pl_window frames, each a full search step), so that is one call per
 * frame:
 *   echo_end_begin            flushes the front end (acmod_end_utt); returns the frames left to search;
 *   echo_search(n)            searches up to n of them (as ps_search_forward); returns how many are left;
 *   echo_end_lookahead        finishes the phone loop; returns how many lookahead frames are to search;
 *   echo_end_lookahead_step(k) searches the k-th of them;
 *   echo_end_finish           finishes the search (the hypothesis is then echo_hyp's). */
EMSCRIPTEN_KEEPALIVE
int echo_end_begin(ps_decoder_t *ps)
{
    if (ps->acmod->state == ACMOD_ENDED || ps->acmod->state == ACMOD_IDLE)
        return -1;
    acmod_end_utt(ps->acmod);
    return ps->acmod->n_feat_frame;
}

EMSCRIPTEN_KEEPALIVE
int echo_end_lookahead(ps_decoder_t *ps)
{
    if (ps->phone_loop && ps_search_finish(ps->phone_loop) < 0)
        return -1;
    return ps->acmod->output_frame >= ps->pl_window ? ps->pl_window : 0;
}

EMSCRIPTEN_KEEPALIVE
int echo_end_lookahead_step(ps_decoder_t *ps, int k)
{
    return ps_search_step(ps->search, ps->acmod->output_frame - ps->pl_window + k);
}

EMSCRIPTEN_KEEPALIVE
int echo_end_finish(ps_decoder_t *ps) { return ps_search_finish(ps->search); }

EMSCRIPTEN_KEEPALIVE
const char *echo_hyp(ps_decoder_t *ps)
{
    int32 score;
    const char *hyp = ps_get_hyp(ps, &score);
    return hyp ? hyp : "";
}

EMSCRIPTEN_KEEPALIVE
void echo_decoder_free(ps_decoder_t *ps) { ps_free(ps); }

EMSCRIPTEN_KEEPALIVE
void echo_quiet(void) { err_set_logfp(NULL); }
