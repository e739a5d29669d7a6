/* The helper host's job: the data read from a file and its gain. */
#ifndef JOB_H
#define JOB_H

#define JOB_MAX 16

struct job {
    int len;
    int buf[JOB_MAX];
    int gain;
};

int parse_int(const char *text);
int load_job(struct job *j, const char *path, int gain);
void save(const int *out, int n, const char *path);

#endif
