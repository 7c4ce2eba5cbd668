# The app image for docker-compose.yml: pinned requirements, the code, the CSV and the model.
FROM python:3.12-slim
WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY requirements.txt pyproject.toml README.md ./
COPY code ./code
RUN pip install --no-cache-dir -r requirements.txt && pip install --no-cache-dir --no-deps -e .
COPY data/netflix_titles.csv ./data/netflix_titles.csv
COPY data/models ./data/models
EXPOSE 8501
CMD ["python", "-m", "streamlit", "run", "code/streamlit_app.py", "--server.port", "8501", \
     "--server.address", "0.0.0.0", "--server.headless", "true"]
